//! The sections of a `.shader_test` file: [require], the shader sections ([compute
//! shader], SPIR-V assembly of any stage as `[STAGE shader spirv]`, `[compute shader
//! wgsl]`, `[compute program]` (NV_compute_program5 assembly), `[vertex shader
//! passthrough]`, `[STAGE shader specializations]`), [test];
//! the GLSL sections of graphics stages and other sections are recorded by name.

use super::graphics::stage_type;

#[derive(Default)]
pub struct Parsed {
    pub require: Vec<String>,
    /// `[compute shader]` sections: GLSL.
    pub shaders: Vec<String>,
    /// `[compute shader spirv]` sections: SPIR-V assembly.
    pub spirv: Vec<String>,
    /// `[compute shader wgsl]` sections: WGSL, for the SPIR-V path (naga).
    pub wgsl: Vec<String>,
    /// `[compute program]` sections: NV_compute_program5 assembly (`!!NVcp5.0`).
    pub programs: Vec<String>,
    /// `[STAGE shader spirv]` sections of the graphics stages: (GL shader type,
    /// SPIR-V assembly).
    pub stage_spirv: Vec<(u32, String)>,
    /// A `[vertex shader passthrough]` section.
    pub passthrough: bool,
    /// `[STAGE shader specializations]` lines: (GL shader type, constant id, value
    /// bits).
    pub specs: Vec<(u32, u32, u32)>,
    pub test: Vec<(usize, String)>,
    /// The first other section (a GLSL graphics stage, vertex data, ...).
    pub other: Option<String>,
}

enum Kind {
    Glsl,
    Asm,
    Spirv,
    Wgsl,
    Stage(u32),
}

pub fn parse(text: &str) -> Parsed {
    let mut p = Parsed::default();
    let mut section = String::new();
    let mut cur: Option<(Kind, String)> = None;
    let finish = |p: &mut Parsed, cur: Option<(Kind, String)>| match cur {
        Some((Kind::Glsl, s)) => p.shaders.push(s),
        Some((Kind::Asm, s)) => p.programs.push(s),
        Some((Kind::Spirv, s)) => p.spirv.push(s),
        Some((Kind::Wgsl, s)) => p.wgsl.push(s),
        Some((Kind::Stage(t), s)) => p.stage_spirv.push((t, s)),
        None => {}
    };
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('[') {
            finish(&mut p, cur.take());
            section = line
                .trim()
                .trim_matches(|c| c == '[' || c == ']')
                .to_string();
            match section.as_str() {
                "compute shader" => cur = Some((Kind::Glsl, String::new())),
                "compute program" => cur = Some((Kind::Asm, String::new())),
                "compute shader spirv" => cur = Some((Kind::Spirv, String::new())),
                "compute shader wgsl" => cur = Some((Kind::Wgsl, String::new())),
                "vertex shader passthrough" => p.passthrough = true,
                "require" | "test" => {}
                s if s.ends_with(" shader spirv") && stage_type(s).is_some() => {
                    let t = stage_type(s).unwrap_or(0);
                    cur = Some((Kind::Stage(t), String::new()));
                }
                s if s.ends_with(" shader specializations") && stage_type(s).is_some() => {}
                other => {
                    if p.other.is_none() {
                        p.other = Some(other.to_string());
                    }
                }
            }
            continue;
        }
        if let Some((_, s)) = cur.as_mut() {
            s.push_str(line);
            s.push('\n');
            continue;
        }
        let content = line.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        match section.as_str() {
            "require" => p.require.push(content.to_string()),
            "test" => p.test.push((n + 1, content.to_string())),
            s if s.ends_with(" shader specializations") => {
                // `uint ID VALUE`, `int ID VALUE` or `float ID VALUE`; a line that is
                // none of them is kept as a test line that fails.
                let w: Vec<&str> = content.split_whitespace().collect();
                let t = stage_type(s).unwrap_or(0);
                let bits = match w.as_slice() {
                    ["uint", id, v] => id.parse().ok().zip(v.parse::<u32>().ok()),
                    ["int", id, v] => id.parse().ok().zip(v.parse::<i32>().ok().map(|v| v as u32)),
                    ["float", id, v] => {
                        id.parse().ok().zip(v.parse::<f32>().ok().map(f32::to_bits))
                    }
                    _ => None,
                };
                match bits {
                    Some((id, v)) => p.specs.push((t, id, v)),
                    None => p
                        .test
                        .push((n + 1, format!("bad specialization line `{content}'"))),
                }
            }
            _ => {}
        }
    }
    finish(&mut p, cur.take());
    p
}
