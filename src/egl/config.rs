//! Frame-buffer configurations (EGL 1.5 §3.4): the pbuffer-capable OpenGL configs and
//! eglChooseConfig's matching and sorting rules.

use crate::egl::types::{EGL_DONT_CARE, EglResult};
use crate::gl::egl_enums::*;
use crate::limits::MAX_PBUFFER_SIZE;

#[derive(Debug, Clone, Copy)]
pub struct Config {
    pub id: i32,
    pub red: i32,
    pub green: i32,
    pub blue: i32,
    pub alpha: i32,
    pub depth: i32,
    pub stencil: i32,
    pub surface_type: i32,
}

const fn cfg(id: i32, alpha: i32, depth: i32, stencil: i32) -> Config {
    Config {
        id,
        red: 8,
        green: 8,
        blue: 8,
        alpha,
        depth,
        stencil,
        surface_type: EGL_PBUFFER_BIT,
    }
}

pub static CONFIGS: [Config; 4] = [
    cfg(1, 8, 24, 8),
    cfg(2, 8, 0, 0),
    cfg(3, 0, 24, 8),
    cfg(4, 0, 0, 0),
];

/// Two configs are compatible (EGL 1.5 §2.2) when their color and ancillary buffers
/// match.
pub fn compatible(a: usize, b: usize) -> bool {
    let (a, b) = (&CONFIGS[a - 1], &CONFIGS[b - 1]);
    (a.red, a.green, a.blue, a.alpha, a.depth, a.stencil)
        == (b.red, b.green, b.blue, b.alpha, b.depth, b.stencil)
}

/// eglGetConfigAttrib values (EGL 1.5 table 3.1); None for an unknown attribute.
pub fn attrib(c: &Config, attribute: i32) -> Option<i32> {
    Some(match attribute {
        EGL_BUFFER_SIZE => c.red + c.green + c.blue + c.alpha,
        EGL_RED_SIZE => c.red,
        EGL_GREEN_SIZE => c.green,
        EGL_BLUE_SIZE => c.blue,
        EGL_ALPHA_SIZE => c.alpha,
        EGL_DEPTH_SIZE => c.depth,
        EGL_STENCIL_SIZE => c.stencil,
        EGL_LUMINANCE_SIZE | EGL_ALPHA_MASK_SIZE => 0,
        EGL_BIND_TO_TEXTURE_RGB | EGL_BIND_TO_TEXTURE_RGBA => EGL_FALSE,
        EGL_COLOR_BUFFER_TYPE => EGL_RGB_BUFFER,
        EGL_CONFIG_CAVEAT => EGL_NONE,
        EGL_CONFIG_ID => c.id,
        EGL_CONFORMANT | EGL_RENDERABLE_TYPE => {
            EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT
        }
        EGL_LEVEL => 0,
        EGL_MAX_PBUFFER_WIDTH | EGL_MAX_PBUFFER_HEIGHT => MAX_PBUFFER_SIZE,
        EGL_MAX_PBUFFER_PIXELS => MAX_PBUFFER_SIZE * MAX_PBUFFER_SIZE,
        EGL_MAX_SWAP_INTERVAL | EGL_MIN_SWAP_INTERVAL => 0,
        EGL_NATIVE_RENDERABLE => EGL_FALSE,
        EGL_NATIVE_VISUAL_ID => 0,
        EGL_NATIVE_VISUAL_TYPE => EGL_NONE,
        EGL_SAMPLE_BUFFERS | EGL_SAMPLES => 0,
        EGL_SURFACE_TYPE => c.surface_type,
        EGL_TRANSPARENT_TYPE => EGL_NONE,
        EGL_TRANSPARENT_RED_VALUE | EGL_TRANSPARENT_GREEN_VALUE | EGL_TRANSPARENT_BLUE_VALUE => 0,
        _ => return None,
    })
}

#[derive(Clone, Copy, PartialEq)]
enum Criterion {
    AtLeast,
    Exact,
    Mask,
}

/// Selection criterion and default of each attribute (EGL 1.5 table 3.4).
fn rule(attribute: i32) -> Option<(Criterion, i32)> {
    use Criterion::*;
    Some(match attribute {
        EGL_BUFFER_SIZE | EGL_RED_SIZE | EGL_GREEN_SIZE | EGL_BLUE_SIZE | EGL_ALPHA_SIZE
        | EGL_LUMINANCE_SIZE | EGL_ALPHA_MASK_SIZE | EGL_DEPTH_SIZE | EGL_STENCIL_SIZE
        | EGL_SAMPLE_BUFFERS | EGL_SAMPLES => (AtLeast, 0),
        EGL_BIND_TO_TEXTURE_RGB | EGL_BIND_TO_TEXTURE_RGBA => (Exact, EGL_DONT_CARE),
        EGL_COLOR_BUFFER_TYPE => (Exact, EGL_RGB_BUFFER),
        EGL_CONFIG_CAVEAT
        | EGL_CONFIG_ID
        | EGL_MAX_SWAP_INTERVAL
        | EGL_MIN_SWAP_INTERVAL
        | EGL_NATIVE_RENDERABLE
        | EGL_NATIVE_VISUAL_TYPE => (Exact, EGL_DONT_CARE),
        EGL_CONFORMANT => (Mask, 0),
        EGL_LEVEL => (Exact, 0),
        EGL_MATCH_NATIVE_PIXMAP => (Exact, EGL_NONE),
        EGL_RENDERABLE_TYPE => (Mask, EGL_OPENGL_ES_BIT),
        EGL_SURFACE_TYPE => (Mask, EGL_WINDOW_BIT),
        EGL_TRANSPARENT_TYPE => (Exact, EGL_NONE),
        EGL_TRANSPARENT_RED_VALUE | EGL_TRANSPARENT_GREEN_VALUE | EGL_TRANSPARENT_BLUE_VALUE => {
            (Exact, EGL_DONT_CARE)
        }
        // Accepted but not selection criteria (EGL 1.5 table 3.4 lists them as ignored).
        EGL_MAX_PBUFFER_WIDTH
        | EGL_MAX_PBUFFER_HEIGHT
        | EGL_MAX_PBUFFER_PIXELS
        | EGL_NATIVE_VISUAL_ID => (Exact, EGL_DONT_CARE),
        _ => return None,
    })
}

const IGNORED: [i32; 4] = [
    EGL_MAX_PBUFFER_WIDTH,
    EGL_MAX_PBUFFER_HEIGHT,
    EGL_MAX_PBUFFER_PIXELS,
    EGL_NATIVE_VISUAL_ID,
];

/// eglChooseConfig: the matching config handles (1-based), best first.
pub fn choose(attribs: &[(i32, i32)]) -> EglResult<Vec<usize>> {
    let mut requested: Vec<(i32, i32)> = Vec::new();
    for &(name, value) in attribs {
        // EGL 1.5 §3.4.1.2: EGL_BAD_ATTRIBUTE for an attribute it does not define.
        if rule(name).is_none() {
            return Err(EGL_BAD_ATTRIBUTE);
        }
        requested.retain(|r| r.0 != name);
        requested.push((name, value));
    }
    let value_of = |name: i32| {
        requested
            .iter()
            .find(|r| r.0 == name)
            .map(|r| r.1)
            .unwrap_or_else(|| rule(name).expect("known").1)
    };
    // EGL 1.5 §3.4.1.2: a given EGL_CONFIG_ID overrides every other attribute.
    let id = value_of(EGL_CONFIG_ID);
    let mut matching: Vec<usize> = (0..CONFIGS.len())
        .filter(|&i| {
            let c = &CONFIGS[i];
            if id != EGL_DONT_CARE {
                return c.id == id;
            }
            let all = [
                EGL_BUFFER_SIZE,
                EGL_RED_SIZE,
                EGL_GREEN_SIZE,
                EGL_BLUE_SIZE,
                EGL_ALPHA_SIZE,
                EGL_LUMINANCE_SIZE,
                EGL_ALPHA_MASK_SIZE,
                EGL_DEPTH_SIZE,
                EGL_STENCIL_SIZE,
                EGL_SAMPLE_BUFFERS,
                EGL_SAMPLES,
                EGL_BIND_TO_TEXTURE_RGB,
                EGL_BIND_TO_TEXTURE_RGBA,
                EGL_COLOR_BUFFER_TYPE,
                EGL_CONFIG_CAVEAT,
                EGL_MAX_SWAP_INTERVAL,
                EGL_MIN_SWAP_INTERVAL,
                EGL_NATIVE_RENDERABLE,
                EGL_NATIVE_VISUAL_TYPE,
                EGL_CONFORMANT,
                EGL_LEVEL,
                EGL_RENDERABLE_TYPE,
                EGL_SURFACE_TYPE,
                EGL_TRANSPARENT_TYPE,
            ];
            all.iter().all(|&name| {
                let want = value_of(name);
                let (crit, _) = rule(name).expect("known");
                let have = attrib(c, name).unwrap_or(0);
                if want == EGL_DONT_CARE || IGNORED.contains(&name) {
                    return true;
                }
                match crit {
                    Criterion::AtLeast => have >= want,
                    Criterion::Exact => have == want,
                    Criterion::Mask => have & want == want,
                }
            })
        })
        .collect();
    // EGL 1.5 §3.4.1.2 sort order: caveat, buffer type, larger requested color bits,
    // smaller buffer size, samples, depth, stencil, alpha mask, then config id.
    let counted = |name: i32| {
        let v = value_of(name);
        v != 0 && v != EGL_DONT_CARE
    };
    let color_bits = |c: &Config| {
        [
            (EGL_RED_SIZE, c.red),
            (EGL_GREEN_SIZE, c.green),
            (EGL_BLUE_SIZE, c.blue),
            (EGL_ALPHA_SIZE, c.alpha),
        ]
        .iter()
        .filter(|(n, _)| counted(*n))
        .map(|(_, v)| v)
        .sum::<i32>()
    };
    matching.sort_by_key(|&i| {
        let c = &CONFIGS[i];
        (
            -color_bits(c),
            c.red + c.green + c.blue + c.alpha,
            c.depth,
            c.stencil,
            c.id,
        )
    });
    Ok(matching.into_iter().map(|i| i + 1).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_want_windows_and_gles() {
        // Table 3.4 defaults ask for a window-capable OpenGL ES config: none here.
        assert!(choose(&[]).unwrap().is_empty());
    }

    #[test]
    fn pbuffer_gl_configs_sort_by_depth() {
        let got = choose(&[
            (EGL_SURFACE_TYPE, EGL_PBUFFER_BIT),
            (EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT),
        ])
        .unwrap();
        assert_eq!(got, vec![4, 3, 2, 1]);
        let got = choose(&[
            (EGL_SURFACE_TYPE, EGL_PBUFFER_BIT),
            (EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT),
            (EGL_ALPHA_SIZE, 8),
            (EGL_DEPTH_SIZE, 1),
        ])
        .unwrap();
        assert_eq!(got, vec![1]);
        assert_eq!(choose(&[(EGL_CONFIG_ID, 2)]).unwrap(), vec![2]);
        assert_eq!(choose(&[(0x1234, 1)]), Err(EGL_BAD_ATTRIBUTE));
    }
}
