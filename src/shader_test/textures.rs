//! The runner's texture and framebuffer commands, made the way piglit's shader_runner
//! makes them (its helpers in tests/util/piglit-util-gl.c): `texture rgbw|integer|
//! miptree|checkerboard|quads|junk|storage|shadow*`, `fb [draw|read] tex 2d|slice|
//! layered`, `fb [draw|read] ms`, `fb [draw|read] winsys`. Each texture stays bound
//! to its unit, as piglit leaves it, so that sampler uniforms find it there.

use super::*;

/// A texture the test made, by shader_test unit (piglit's set_texture_binding).
#[derive(Clone, Copy)]
pub(super) struct TexBinding {
    pub obj: u32,
    pub w: i32,
    pub h: i32,
}

/// The numbers of a command, with piglit's parentheses and commas as separators.
fn numbers(s: &str) -> Result<Vec<f64>, Verdict> {
    s.split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<f64>()
                .map_err(|_| Verdict::Fail(format!("bad number `{w}'")))
        })
        .collect()
}

/// Exactly `n` numbers of `s`, or a parse failure naming the command.
fn exactly(s: &str, n: usize, line: &str) -> Result<Vec<f64>, Verdict> {
    let v = numbers(s)?;
    if v.len() != n {
        return Err(Verdict::Fail(format!("cannot parse `{line}'")));
    }
    Ok(v)
}

/// The texture target names of piglit's parse_tex_target.
pub(super) fn tex_target(word: &str) -> Result<u32, Verdict> {
    Ok(match word {
        "1D" => GL_TEXTURE_1D,
        "2D" => GL_TEXTURE_2D,
        "3D" => GL_TEXTURE_3D,
        "Rect" => GL_TEXTURE_RECTANGLE,
        "Cube" => GL_TEXTURE_CUBE_MAP,
        "1DArray" => GL_TEXTURE_1D_ARRAY,
        "2DArray" => GL_TEXTURE_2D_ARRAY,
        "CubeArray" => GL_TEXTURE_CUBE_MAP_ARRAY,
        other => return Err(Verdict::Fail(format!("unknown texture target {other}"))),
    })
}

fn gl_enum(name: &str) -> Result<u32, Verdict> {
    enum_by_name(name).ok_or_else(|| Verdict::Fail(format!("unknown enum {name}")))
}

const RED: [f32; 4] = [1.0, 0.0, 0.0, 1.0];
const GREEN: [f32; 4] = [0.0, 1.0, 0.0, 1.0];
const BLUE: [f32; 4] = [0.0, 0.0, 1.0, 1.0];
const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
/// piglit's color_wheel: the colour of miptree level N and of array layer N % 4.
const WHEEL: [[f32; 4]; 4] = [RED, GREEN, BLUE, WHITE];

/// Makes a texture on `unit` (active afterwards) and binds it to `target`, with
/// CLAMP_TO_EDGE (or `wrap`) on S and T and the given filters.
fn new_texture(unit: i32, target: u32, wrap: u32, min: u32, mag: u32) -> u32 {
    glActiveTexture(GL_TEXTURE0 + unit as u32);
    let mut tex = 0;
    // SAFETY: one name is written to tex.
    unsafe { glGenTextures(1, &mut tex) };
    glBindTexture(target, tex);
    glTexParameteri(target, GL_TEXTURE_WRAP_S, wrap as i32);
    glTexParameteri(target, GL_TEXTURE_WRAP_T, wrap as i32);
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, min as i32);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, mag as i32);
    tex
}

/// glTexImage1D/2D/3D by the target's dimensionality (1D arrays take two, 2D arrays
/// three), from `data` (the whole image, or None for no data).
#[allow(clippy::too_many_arguments)]
fn tex_image<T>(
    target: u32,
    level: i32,
    ifmt: u32,
    w: i32,
    h: i32,
    d: i32,
    format: u32,
    ty: u32,
    data: Option<&[T]>,
) {
    let p = data.map_or(std::ptr::null(), |d| d.as_ptr() as *const std::ffi::c_void);
    // SAFETY: `data`, when given, holds the w*h*d pixels of `format`/`ty` the caller
    // built for this call (unpack alignment 4 divides every row of them).
    unsafe {
        match target {
            GL_TEXTURE_1D => glTexImage1D(target, level, ifmt as i32, w, 0, format, ty, p),
            GL_TEXTURE_3D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY => {
                glTexImage3D(target, level, ifmt as i32, w, h, d, 0, format, ty, p)
            }
            _ => glTexImage2D(target, level, ifmt as i32, w, h, 0, format, ty, p),
        }
    }
}

/// w x h RGBA floats where texel (x, y) is `color(x, y)`.
fn rgba_image(w: i32, h: i32, color: impl Fn(i32, i32) -> [f32; 4]) -> Vec<f32> {
    let mut data = Vec::new();
    for y in 0..h {
        for x in 0..w {
            data.extend_from_slice(&color(x, y));
        }
    }
    data
}

impl Runner {
    pub(super) fn texture(&self, unit: i32) -> Result<TexBinding, Verdict> {
        self.textures
            .get(&unit)
            .copied()
            .ok_or_else(|| Verdict::Fail(format!("no texture was made for unit {unit}")))
    }

    fn bind_unit(&mut self, unit: i32, obj: u32, w: i32, h: i32) {
        self.textures.insert(unit, TexBinding { obj, w, h });
    }

    /// `texture ...`: every texture command of piglit's shader_runner except the
    /// bindless `resident` ones.
    pub(super) fn texture_command(&mut self, line: &str, words: &[&str]) -> Result<(), Verdict> {
        let rest_after = |n: usize| -> &str {
            let mut s = line.trim_start();
            for _ in 0..n {
                s = s.trim_start();
                s = &s[s.find(char::is_whitespace).unwrap_or(s.len())..];
            }
            s.trim()
        };
        match words {
            ["texture", "rgbw", "1D", ..] => {
                let v = exactly(rest_after(3), 1, line)?;
                let tex = new_texture(
                    v[0] as i32,
                    GL_TEXTURE_1D,
                    GL_CLAMP_TO_EDGE,
                    GL_NEAREST,
                    GL_NEAREST,
                );
                let img: Vec<f32> = [RED, GREEN, BLUE, WHITE].concat();
                tex_image(
                    GL_TEXTURE_1D,
                    0,
                    GL_RGBA,
                    4,
                    1,
                    1,
                    GL_RGBA,
                    GL_FLOAT,
                    Some(&img),
                );
                self.bind_unit(v[0] as i32, tex, 4, 1);
            }
            ["texture", "rgbw", "3D", ..] => {
                let v = exactly(rest_after(3), 1, line)?;
                let tex = new_texture(
                    v[0] as i32,
                    GL_TEXTURE_3D,
                    GL_CLAMP_TO_EDGE,
                    GL_NEAREST,
                    GL_NEAREST,
                );
                glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE as i32);
                let img: Vec<f32> = [
                    RED,
                    GREEN,
                    BLUE,
                    WHITE,
                    [1.0, 1.0, 0.0, 1.0],
                    [1.0, 0.0, 1.0, 1.0],
                    [0.0, 1.0, 1.0, 1.0],
                    [0.0, 0.0, 0.0, 1.0],
                ]
                .concat();
                tex_image(
                    GL_TEXTURE_3D,
                    0,
                    GL_RGBA,
                    2,
                    2,
                    2,
                    GL_RGBA,
                    GL_FLOAT,
                    Some(&img),
                );
                self.bind_unit(v[0] as i32, tex, 2, 2);
            }
            ["texture", "rgbw", kind @ ("2DArray" | "1DArray"), ..] => {
                // piglit_array_texture: each layer one colour of the wheel.
                let array2d = *kind == "2DArray";
                let v = exactly(rest_after(3), if array2d { 4 } else { 3 }, line)?;
                let (unit, w) = (v[0] as i32, v[1] as i32);
                let (h, layers) = if array2d {
                    (v[2] as i32, v[3] as i32)
                } else {
                    (1, v[2] as i32)
                };
                let target = if array2d {
                    GL_TEXTURE_2D_ARRAY
                } else {
                    GL_TEXTURE_1D_ARRAY
                };
                let tex = new_texture(unit, target, GL_CLAMP_TO_EDGE, GL_NEAREST, GL_NEAREST);
                let mut img = Vec::new();
                for layer in 0..layers.max(0) {
                    img.extend(rgba_image(w, h, |_, _| WHEEL[layer as usize % 4]));
                }
                if array2d {
                    tex_image(
                        target,
                        0,
                        GL_RGBA,
                        w,
                        h,
                        layers,
                        GL_RGBA,
                        GL_FLOAT,
                        Some(&img),
                    );
                } else {
                    tex_image(
                        target,
                        0,
                        GL_RGBA,
                        w,
                        layers,
                        1,
                        GL_RGBA,
                        GL_FLOAT,
                        Some(&img),
                    );
                }
                self.bind_unit(unit, tex, w, if array2d { h } else { 1 });
            }
            ["texture", "rgbw", ..] => {
                // piglit_rgbw_texture without mipmaps or alpha: red, green, blue and
                // white quadrants uploaded as floats.
                let rest = rest_after(2);
                let (size, format) = match rest.rfind(')') {
                    Some(i) => (&rest[..=i], rest[i + 1..].trim()),
                    None => (rest, ""),
                };
                let v = exactly(size, 3, line)?;
                let (unit, w, h) = (v[0] as i32, v[1] as i32, v[2] as i32);
                let ifmt = if format.is_empty() {
                    GL_RGBA
                } else {
                    gl_enum(format)?
                };
                let img = rgba_image(w, h, |x, y| match (x < w / 2, y < h / 2) {
                    (true, true) => RED,
                    (false, true) => GREEN,
                    (true, false) => BLUE,
                    (false, false) => WHITE,
                });
                let tex = new_texture(
                    unit,
                    GL_TEXTURE_2D,
                    GL_CLAMP_TO_EDGE,
                    GL_NEAREST,
                    GL_NEAREST,
                );
                tex_image(
                    GL_TEXTURE_2D,
                    0,
                    ifmt,
                    w,
                    h,
                    1,
                    GL_RGBA,
                    GL_FLOAT,
                    Some(&img),
                );
                self.bind_unit(unit, tex, w, h);
            }
            ["texture", "integer", ..] => {
                // piglit_integer_texture: 32-bit integer texels made from x, y, b, a.
                let rest = rest_after(2);
                let i = rest
                    .rfind(')')
                    .ok_or_else(|| Verdict::Fail(format!("cannot parse `{line}'")))?;
                let v = exactly(&rest[..=i], 5, line)?;
                let ifmt = gl_enum(rest[i + 1..].trim())?;
                let (unit, w, h, b, a) = (
                    v[0] as i32,
                    v[1] as i32,
                    v[2] as i32,
                    v[3] as i32,
                    v[4] as i32,
                );
                let (format, n) = match ifmt {
                    GL_R32I => (GL_RED_INTEGER, 1),
                    GL_RG32I => (GL_RG_INTEGER, 2),
                    GL_RGB32I => (GL_RGB_INTEGER, 3),
                    GL_RGBA32I => (GL_RGBA_INTEGER, 4),
                    _ => {
                        return Err(Verdict::Fail(
                            "texture integer takes only 32-bit integer formats".into(),
                        ));
                    }
                };
                let mut img: Vec<i32> = Vec::new();
                for y in 0..h {
                    for x in 0..w {
                        let texel: &[i32] = match n {
                            4 => &[x, y, b, a],
                            3 => &[x, y, b.wrapping_add(a)],
                            2 => &[x.wrapping_add(b), y.wrapping_add(a)],
                            _ => &[x.wrapping_add(y.wrapping_mul(b)).wrapping_add(a)],
                        };
                        img.extend_from_slice(texel);
                    }
                }
                let tex = new_texture(
                    unit,
                    GL_TEXTURE_2D,
                    GL_CLAMP_TO_EDGE,
                    GL_NEAREST,
                    GL_NEAREST,
                );
                glTexStorage2D(GL_TEXTURE_2D, 1, ifmt, w, h);
                glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
                // SAFETY: img holds w*h texels of n 32-bit integers.
                unsafe {
                    glTexSubImage2D(
                        GL_TEXTURE_2D,
                        0,
                        0,
                        0,
                        w,
                        h,
                        format,
                        GL_INT,
                        img.as_ptr() as *const _,
                    )
                };
                glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
                self.bind_unit(unit, tex, w, h);
            }
            ["texture", "miptree", ..] => {
                // piglit_miptree_texture: 8x8, four levels of red, green, blue, white.
                // shader_runner reads the unit (`texture miptree %d`) and ignores what
                // follows it (some tests write the size there).
                let unit = match numbers(rest_after(2).split('(').next().unwrap_or(""))?.first() {
                    Some(&u) => u as i32,
                    None => return Err(Verdict::Fail(format!("cannot parse `{line}'"))),
                };
                let tex = new_texture(
                    unit,
                    GL_TEXTURE_2D,
                    GL_CLAMP_TO_EDGE,
                    GL_NEAREST_MIPMAP_NEAREST,
                    GL_NEAREST,
                );
                for (level, color) in WHEEL.iter().enumerate() {
                    let size = 8 >> level;
                    let img = rgba_image(size, size, |_, _| *color);
                    tex_image(
                        GL_TEXTURE_2D,
                        level as i32,
                        GL_RGBA,
                        size,
                        size,
                        1,
                        GL_RGBA,
                        GL_FLOAT,
                        Some(&img),
                    );
                }
                self.bind_unit(unit, tex, 8, 8);
            }
            ["texture", "checkerboard", ..] | ["texture", "quads", ..] => {
                // piglit_checkerboard_texture / piglit_quads_texture: squares of half
                // the size (checkerboard) or of the given size (quads), CLAMP_TO_BORDER
                // with a red border.
                let quads = words[1] == "quads";
                let v = exactly(rest_after(2), if quads { 22 } else { 12 }, line)?;
                let (unit, level, w, h) = (v[0] as i32, v[1] as i32, v[2] as i32, v[3] as i32);
                let color = |i: usize| -> [f32; 4] {
                    [
                        v[i] as f32,
                        v[i + 1] as f32,
                        v[i + 2] as f32,
                        v[i + 3] as f32,
                    ]
                };
                let (sw, sh) = if quads {
                    (v[4] as i32, v[5] as i32)
                } else {
                    (w / 2, h / 2)
                };
                if sw <= 0 || sh <= 0 {
                    return Err(Verdict::Fail(format!("`{line}': squares of no size")));
                }
                let img = if quads {
                    let (bl, br, tl, tr) = (color(6), color(10), color(14), color(18));
                    rgba_image(w, h, |x, y| match ((y / sh) & 1, (x / sw) & 1) {
                        (1, 1) => tr,
                        (1, _) => tl,
                        (_, 1) => br,
                        _ => bl,
                    })
                } else {
                    let (black, white) = (color(4), color(8));
                    rgba_image(w, h, |x, y| {
                        if ((y / sh) ^ (x / sw)) & 1 != 0 {
                            white
                        } else {
                            black
                        }
                    })
                };
                let tex = new_texture(
                    unit,
                    GL_TEXTURE_2D,
                    GL_CLAMP_TO_BORDER,
                    GL_NEAREST,
                    GL_NEAREST,
                );
                // SAFETY: RED holds the four border components.
                unsafe { glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, RED.as_ptr()) };
                tex_image(
                    GL_TEXTURE_2D,
                    level,
                    GL_RGBA,
                    w,
                    h,
                    1,
                    GL_RGBA,
                    GL_FLOAT,
                    Some(&img),
                );
                self.bind_unit(unit, tex, w, h);
            }
            ["texture", "junk", "2DArray", ..] => {
                // Storage with undefined contents.
                let v = exactly(rest_after(3), 4, line)?;
                let (unit, w, h, l) = (v[0] as i32, v[1] as i32, v[2] as i32, v[3] as i32);
                glActiveTexture(GL_TEXTURE0 + unit as u32);
                let mut tex = 0;
                // SAFETY: one name is written to tex.
                unsafe { glGenTextures(1, &mut tex) };
                glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
                tex_image::<u8>(
                    GL_TEXTURE_2D_ARRAY,
                    0,
                    GL_RGBA,
                    w,
                    h,
                    l,
                    GL_RGBA,
                    GL_UNSIGNED_BYTE,
                    None,
                );
                self.bind_unit(unit, tex, w, h);
            }
            ["texture", "storage", unit, target, format, ..] => {
                // `texture storage N TARGET FORMAT (LEVELS W [H [D]])`.
                let unit = nums::<i32>(&[unit])?[0];
                let target = tex_target(target)?;
                let format = gl_enum(format)?;
                let v = numbers(rest_after(5))?;
                let dims: Vec<i32> = v.iter().map(|&x| x as i32).collect();
                glActiveTexture(GL_TEXTURE0 + unit as u32);
                let mut tex = 0;
                // SAFETY: one name is written to tex.
                unsafe { glGenTextures(1, &mut tex) };
                glBindTexture(target, tex);
                let (w, h) = match dims[..] {
                    [l, w] => {
                        glTexStorage1D(target, l, format, w);
                        (w, 1)
                    }
                    [l, w, h] => {
                        glTexStorage2D(target, l, format, w, h);
                        (w, if target == GL_TEXTURE_1D_ARRAY { 1 } else { h })
                    }
                    [l, w, h, d] => {
                        glTexStorage3D(target, l, format, w, h, d);
                        (w, h)
                    }
                    _ => return Err(Verdict::Fail(format!("cannot parse `{line}'"))),
                };
                let e = glGetError();
                if e != GL_NO_ERROR {
                    return Err(Verdict::Fail(format!(
                        "`{line}': glTexStorage raised 0x{e:X}"
                    )));
                }
                self.bind_unit(unit, tex, w, h);
            }
            [
                "texture",
                kind @ ("shadow1D" | "shadow2D" | "shadowRect" | "shadow1DArray" | "shadow2DArray"),
                ..,
            ] => {
                // piglit_depth_texture: depth x / (w - 1) across each row (and every
                // layer), compared with GREATER.
                let (target, n) = match *kind {
                    "shadow1D" => (GL_TEXTURE_1D, 2),
                    "shadow2D" => (GL_TEXTURE_2D, 3),
                    "shadowRect" => (GL_TEXTURE_RECTANGLE, 3),
                    "shadow1DArray" => (GL_TEXTURE_1D_ARRAY, 3),
                    _ => (GL_TEXTURE_2D_ARRAY, 4),
                };
                let v = exactly(rest_after(2), n, line)?;
                let unit = v[0] as i32;
                let w = v[1] as i32;
                let (h, d) = match n {
                    2 => (1, 1),
                    3 => (v[2] as i32, 1),
                    _ => (v[2] as i32, v[3] as i32),
                };
                let tex = new_texture(unit, target, GL_CLAMP_TO_EDGE, GL_NEAREST, GL_NEAREST);
                let mut img = Vec::new();
                for _ in 0..d.max(0) {
                    for _ in 0..h.max(0) {
                        img.extend((0..w).map(|x| x as f32 / (w - 1) as f32));
                    }
                }
                tex_image(
                    target,
                    0,
                    GL_DEPTH_COMPONENT,
                    w,
                    h,
                    d,
                    GL_DEPTH_COMPONENT,
                    GL_FLOAT,
                    Some(&img),
                );
                glTexParameteri(
                    target,
                    GL_TEXTURE_COMPARE_MODE,
                    GL_COMPARE_REF_TO_TEXTURE as i32,
                );
                glTexParameteri(target, GL_TEXTURE_COMPARE_FUNC, GL_GREATER as i32);
                let bound_h = if target == GL_TEXTURE_1D_ARRAY { 1 } else { h };
                self.bind_unit(unit, tex, w, bound_h);
            }
            _ => return Err(Verdict::Fail(format!("unknown texture command `{line}'"))),
        }
        Ok(())
    }

    /// `fb [draw|read] tex 2d N...|tex slice TARGET N LEVEL LAYER|tex layered N|
    /// ms FORMAT W H SAMPLES|winsys`: binds a framebuffer, as piglit's shader_runner.
    pub(super) fn fb_command(&mut self, line: &str, words: &[&str]) -> Result<(), Verdict> {
        let (target, rest) = match words.get(1) {
            Some(&"draw") => (GL_DRAW_FRAMEBUFFER, &words[2..]),
            Some(&"read") => (GL_READ_FRAMEBUFFER, &words[2..]),
            _ => (GL_FRAMEBUFFER, &words[1..]),
        };
        let size = match rest {
            ["winsys"] => {
                glBindFramebuffer(target, self.window_fbo);
                (WINDOW, WINDOW)
            }
            _ => {
                let mut fbo = 0;
                // SAFETY: one name is written to fbo.
                unsafe { glGenFramebuffers(1, &mut fbo) };
                glBindFramebuffer(target, fbo);
                self.attach(line, target, rest)?
            }
        };
        let e = glGetError();
        if e != GL_NO_ERROR {
            return Err(Verdict::Fail(format!("`{line}' raised GL error 0x{e:X}")));
        }
        let status = glCheckFramebufferStatus(target);
        if status != GL_FRAMEBUFFER_COMPLETE {
            return Err(Verdict::Fail(format!(
                "`{line}': incomplete framebuffer (status 0x{status:X})"
            )));
        }
        // piglit's render size, which `probe all` reads, follows the draw framebuffer.
        if target != GL_READ_FRAMEBUFFER {
            self.read_size = size;
        }
        Ok(())
    }

    /// Attaches what `fb ...` names to the framebuffer bound to `target`; returns the
    /// attachment's size.
    fn attach(&mut self, line: &str, target: u32, rest: &[&str]) -> Result<(i32, i32), Verdict> {
        let bad = || Verdict::Fail(format!("cannot parse `{line}'"));
        Ok(match rest {
            ["tex", "2d", units @ ..] => {
                let mut attachments = Vec::new();
                let mut size = (0, 0);
                for (i, u) in units.iter().enumerate() {
                    let t = self.texture(nums::<i32>(&[u])?[0])?;
                    let a = GL_COLOR_ATTACHMENT0 + i as u32;
                    glFramebufferTexture2D(target, a, GL_TEXTURE_2D, t.obj, 0);
                    attachments.push(a);
                    size = (t.w, t.h);
                }
                if target != GL_READ_FRAMEBUFFER {
                    // SAFETY: attachments holds that many values.
                    unsafe { glDrawBuffers(attachments.len() as i32, attachments.as_ptr()) };
                }
                size
            }
            ["tex", "slice", tex_kind, unit, level, layer] => {
                let kind = tex_target(tex_kind)?;
                let v = nums::<i32>(&[unit, level, layer])?;
                let t = self.texture(v[0])?;
                let (level, z) = (v[1], v[2]);
                let a = GL_COLOR_ATTACHMENT0;
                match kind {
                    GL_TEXTURE_1D | GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE if z != 0 => {
                        return Err(bad());
                    }
                    GL_TEXTURE_1D => glFramebufferTexture1D(target, a, kind, t.obj, level),
                    GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE => {
                        glFramebufferTexture2D(target, a, kind, t.obj, level)
                    }
                    GL_TEXTURE_CUBE_MAP => {
                        if !(0..6).contains(&z) {
                            return Err(bad());
                        }
                        glFramebufferTexture2D(
                            target,
                            a,
                            GL_TEXTURE_CUBE_MAP_POSITIVE_X + z as u32,
                            t.obj,
                            level,
                        )
                    }
                    _ => glFramebufferTextureLayer(target, a, t.obj, level, z),
                }
                (
                    (t.w >> level.clamp(0, 31)).max(1),
                    (t.h >> level.clamp(0, 31)).max(1),
                )
            }
            ["tex", "layered", unit] => {
                let t = self.texture(nums::<i32>(&[unit])?[0])?;
                glFramebufferTexture(target, GL_COLOR_ATTACHMENT0, t.obj, 0);
                (t.w, t.h)
            }
            ["ms", format, w, h, samples] => {
                let format = gl_enum(format)?;
                let v = nums::<i32>(&[w, h, samples])?;
                let mut rb = 0;
                // SAFETY: one name is written to rb.
                unsafe { glGenRenderbuffers(1, &mut rb) };
                glBindRenderbuffer(GL_RENDERBUFFER, rb);
                glRenderbufferStorageMultisample(GL_RENDERBUFFER, v[2], format, v[0], v[1]);
                glFramebufferRenderbuffer(target, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
                (v[0], v[1])
            }
            _ => return Err(Verdict::Fail(format!("unknown fb command `{line}'"))),
        })
    }
}
