//! Words whose meaning depends on the shader's `#version` and extensions (GLSL 4.60
//! §3.6, and each earlier version's list of keywords and reserved words).
//!
//! glsl-lang's lexer knows one language: every keyword of GLSL 4.60 is a keyword at
//! every version, and the words earlier versions reserve are identifiers. Real shaders
//! written for GLSL 1.10-3.30 name variables `sample`, `patch`, `buffer`, `shared`,
//! `flat`, … and must compile; earlier versions also reserve words (`dvec2` in GLSL
//! 1.30) that a shader may not use. The table below says, for the desktop profile, from
//! which version a word is reserved and from which it is a keyword, and which
//! extensions make it a keyword earlier (the versions are those of the GLSL
//! specifications, as Mesa's lexer applies them). The parser's token stream
//! (parse/tokens.rs) passes a keyword that the shader's version does not have on as an
//! identifier (or as the type name a struct declared), and records a reserved word for
//! an error; the words glsl-lang's lexer rejects outright (`filter`, `active`,
//! `resource`, ...) come back as identifiers where the version leaves them free. Not
//! covered: the precision words and `layout`, which stay keywords at every version.

/// What one word is at one version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WordIs {
    /// A keyword (or a built-in type name): lexed as glsl-lang lexes it.
    Keyword,
    /// Reserved: using it is a compile error.
    Reserved,
    /// An ordinary identifier.
    Identifier,
}

/// (word, reserved from, keyword from, extensions that make it a keyword). A version of
/// 0 means never.
type Entry = (&'static str, u16, u16, &'static [&'static str]);

const IMAGE_EXTS: &[&str] = &[
    "GL_ARB_shader_image_load_store",
    "GL_EXT_shader_image_load_store",
];
const MEMORY_EXTS: &[&str] = &[
    "GL_ARB_shader_image_load_store",
    "GL_EXT_shader_image_load_store",
    "GL_ARB_shader_storage_buffer_object",
];
const FP64: &[&str] = &["GL_ARB_gpu_shader_fp64"];
const GPU_SHADER5: &[&str] = &["GL_ARB_gpu_shader5"];
const UBO: &[&str] = &["GL_ARB_uniform_buffer_object"];
const NONE: &[&str] = &[];

pub const WORDS: &[Entry] = &[
    // Reserved in GLSL 1.10 and 1.20, statements of GLSL 1.30.
    ("switch", 110, 130, NONE),
    ("default", 110, 130, NONE),
    ("case", 130, 130, NONE),
    // GLSL 1.20-1.30 qualifiers.
    ("centroid", 120, 120, NONE),
    ("invariant", 120, 120, NONE),
    ("flat", 130, 130, NONE),
    ("smooth", 130, 130, NONE),
    ("noperspective", 130, 130, NONE),
    // GLSL 4.00 (GL_ARB_gpu_shader5, _tessellation_shader, _shader_subroutine).
    ("sample", 400, 400, GPU_SHADER5),
    ("precise", 400, 400, GPU_SHADER5),
    ("patch", 0, 400, &["GL_ARB_tessellation_shader"]),
    ("subroutine", 400, 400, &["GL_ARB_shader_subroutine"]),
    // GLSL 4.20-4.30 (GL_ARB_shader_image_load_store, _storage_buffer_object,
    // _compute_shader, _shader_atomic_counters).
    ("coherent", 420, 420, MEMORY_EXTS),
    ("restrict", 420, 420, MEMORY_EXTS),
    ("readonly", 420, 420, MEMORY_EXTS),
    ("writeonly", 420, 420, MEMORY_EXTS),
    ("atomic_uint", 420, 420, &["GL_ARB_shader_atomic_counters"]),
    ("buffer", 0, 430, &["GL_ARB_shader_storage_buffer_object"]),
    ("shared", 430, 430, &["GL_ARB_compute_shader"]),
    // Reserved since GLSL 1.10; types of GLSL 4.00 (GL_ARB_gpu_shader_fp64).
    ("dvec2", 110, 400, FP64),
    ("dvec3", 110, 400, FP64),
    ("dvec4", 110, 400, FP64),
    ("dmat2", 110, 400, FP64),
    ("dmat3", 110, 400, FP64),
    ("dmat4", 110, 400, FP64),
    ("dmat2x2", 110, 400, FP64),
    ("dmat2x3", 110, 400, FP64),
    ("dmat2x4", 110, 400, FP64),
    ("dmat3x2", 110, 400, FP64),
    ("dmat3x3", 110, 400, FP64),
    ("dmat3x4", 110, 400, FP64),
    ("dmat4x2", 110, 400, FP64),
    ("dmat4x3", 110, 400, FP64),
    ("dmat4x4", 110, 400, FP64),
    // Reserved since GLSL 1.10 and never keywords (glsl-lang lexes them as identifiers).
    ("hvec2", 110, 0, NONE),
    ("hvec3", 110, 0, NONE),
    ("hvec4", 110, 0, NONE),
    ("fvec2", 110, 0, NONE),
    ("fvec3", 110, 0, NONE),
    ("fvec4", 110, 0, NONE),
    ("sampler3DRect", 110, 0, NONE),
    ("packed", 110, 140, UBO),
    // Reserved from GLSL 1.30 (4.20 for resource) and never used; glsl-lang's lexer
    // rejects them, and parse/tokens.rs turns them back into identifiers before.
    ("filter", 130, 0, NONE),
    ("common", 130, 0, NONE),
    ("partition", 130, 0, NONE),
    ("active", 130, 0, NONE),
    ("superp", 130, 0, NONE),
    ("resource", 420, 0, NONE),
    // GLSL 1.30's reserved words: layout words and types of GLSL 1.40.
    ("row_major", 130, 140, UBO),
    ("samplerBuffer", 130, 140, NONE),
    ("isamplerBuffer", 140, 140, NONE),
    ("usamplerBuffer", 140, 140, NONE),
    ("image1DShadow", 130, 0, NONE),
    ("image2DShadow", 130, 0, NONE),
    ("image1DArrayShadow", 130, 0, NONE),
    ("image2DArrayShadow", 130, 0, NONE),
    // Image types: reserved since GLSL 1.30, types of GLSL 4.20.
    ("image1D", 130, 420, IMAGE_EXTS),
    ("iimage1D", 130, 420, IMAGE_EXTS),
    ("uimage1D", 130, 420, IMAGE_EXTS),
    ("image2D", 130, 420, IMAGE_EXTS),
    ("iimage2D", 130, 420, IMAGE_EXTS),
    ("uimage2D", 130, 420, IMAGE_EXTS),
    ("image3D", 130, 420, IMAGE_EXTS),
    ("iimage3D", 130, 420, IMAGE_EXTS),
    ("uimage3D", 130, 420, IMAGE_EXTS),
    ("image2DRect", 130, 420, IMAGE_EXTS),
    ("iimage2DRect", 130, 420, IMAGE_EXTS),
    ("uimage2DRect", 130, 420, IMAGE_EXTS),
    ("imageCube", 130, 420, IMAGE_EXTS),
    ("iimageCube", 130, 420, IMAGE_EXTS),
    ("uimageCube", 130, 420, IMAGE_EXTS),
    ("imageBuffer", 130, 420, IMAGE_EXTS),
    ("iimageBuffer", 130, 420, IMAGE_EXTS),
    ("uimageBuffer", 130, 420, IMAGE_EXTS),
    ("image1DArray", 130, 420, IMAGE_EXTS),
    ("iimage1DArray", 130, 420, IMAGE_EXTS),
    ("uimage1DArray", 130, 420, IMAGE_EXTS),
    ("image2DArray", 130, 420, IMAGE_EXTS),
    ("iimage2DArray", 130, 420, IMAGE_EXTS),
    ("uimage2DArray", 130, 420, IMAGE_EXTS),
    ("imageCubeArray", 130, 420, IMAGE_EXTS),
    ("iimageCubeArray", 130, 420, IMAGE_EXTS),
    ("uimageCubeArray", 130, 420, IMAGE_EXTS),
    ("image2DMS", 130, 420, IMAGE_EXTS),
    ("iimage2DMS", 130, 420, IMAGE_EXTS),
    ("uimage2DMS", 130, 420, IMAGE_EXTS),
    ("image2DMSArray", 130, 420, IMAGE_EXTS),
    ("iimage2DMSArray", 130, 420, IMAGE_EXTS),
    ("uimage2DMSArray", 130, 420, IMAGE_EXTS),
];

const ES_TEXTURE_BUFFER: &[&str] = &["GL_EXT_texture_buffer", "GL_OES_texture_buffer"];
const ES_CUBE_ARRAY: &[&str] = &[
    "GL_EXT_texture_cube_map_array",
    "GL_OES_texture_cube_map_array",
];
const ES_MS_ARRAY: &[&str] = &["GL_OES_texture_storage_multisample_2d_array"];
const ES_GPU_SHADER5: &[&str] = &["GL_EXT_gpu_shader5", "GL_OES_gpu_shader5"];

/// Words of GLSL ES 3.20 that GLSL ES 3.10 reserves (GLSL ES 3.10 §3.7), whether GLSL
/// ES 3.00 reserves them too (§3.6; otherwise they are what GLSL 3.30's table says),
/// and the GLSL ES 3.10 extensions that make each a keyword there. The desktop version
/// a GLSL ES version is checked as (4.30 for 3.10) has them as keywords.
const ES32_WORDS: &[(&str, bool, &[&str])] = &[
    ("samplerBuffer", true, ES_TEXTURE_BUFFER),
    ("isamplerBuffer", true, ES_TEXTURE_BUFFER),
    ("usamplerBuffer", true, ES_TEXTURE_BUFFER),
    ("imageBuffer", false, ES_TEXTURE_BUFFER),
    ("iimageBuffer", false, ES_TEXTURE_BUFFER),
    ("uimageBuffer", false, ES_TEXTURE_BUFFER),
    ("samplerCubeArray", true, ES_CUBE_ARRAY),
    ("samplerCubeArrayShadow", true, ES_CUBE_ARRAY),
    ("isamplerCubeArray", true, ES_CUBE_ARRAY),
    ("usamplerCubeArray", true, ES_CUBE_ARRAY),
    ("imageCubeArray", false, ES_CUBE_ARRAY),
    ("iimageCubeArray", false, ES_CUBE_ARRAY),
    ("uimageCubeArray", false, ES_CUBE_ARRAY),
    ("sampler2DMSArray", true, ES_MS_ARRAY),
    ("isampler2DMSArray", true, ES_MS_ARRAY),
    ("usampler2DMSArray", true, ES_MS_ARRAY),
    ("precise", false, ES_GPU_SHADER5),
];

/// Desktop type names no GLSL ES version has, reserved in every one (GLSL ES 3.00
/// §3.6, 3.10 and 3.20 §3.7): the 1D, rectangle and multisample-image types.
const ES_RESERVED: &[&str] = &[
    "sampler1D",
    "sampler1DShadow",
    "sampler1DArray",
    "sampler1DArrayShadow",
    "isampler1D",
    "isampler1DArray",
    "usampler1D",
    "usampler1DArray",
    "sampler2DRect",
    "sampler2DRectShadow",
    "isampler2DRect",
    "usampler2DRect",
    "image1D",
    "iimage1D",
    "uimage1D",
    "image1DArray",
    "iimage1DArray",
    "uimage1DArray",
    "image2DRect",
    "iimage2DRect",
    "uimage2DRect",
    "image2DMS",
    "iimage2DMS",
    "uimage2DMS",
    "image2DMSArray",
    "iimage2DMSArray",
    "uimage2DMSArray",
];

/// The desktop GLSL version whose words and features a GLSL ES version has (3.30 for
/// GLSL ES 3.00, 4.30 for 3.10 and 3.20: what 3.20 adds to 3.10, geometry and
/// tessellation shaders, GL_EXT_gpu_shader5's functions, texture buffers and cube map
/// arrays, is in GLSL 4.30; [`ES32_WORDS`] and the checker keep it from GLSL ES 3.10
/// shaders); any other version is itself.
pub fn desktop_equivalent(es: bool, version: u16) -> u16 {
    match (es, version) {
        (true, 310 | 320) => 430,
        (true, 300) => 330,
        (_, v) => v,
    }
}

/// The version and extensions that decide what the words of one shader are.
#[derive(Debug, Clone, Default)]
pub struct Words {
    version: u16,
    /// The GLSL ES version of an `es` shader (300, 310, 320).
    es_version: Option<u16>,
    /// The profile word of `#version` (`core`, `compatibility`, `es`), if any.
    profile: Option<String>,
    extensions: Vec<String>,
}

impl Words {
    /// Reads `#version` and the `#extension` directives that enable something from the
    /// source's lines (before preprocessing: a directive inside `#if 0` still counts,
    /// which at most keeps a word a keyword).
    pub fn of_source(source: &str) -> Words {
        let mut words = Words {
            version: 110,
            es_version: None,
            profile: None,
            extensions: Vec::new(),
        };
        let mut saw_version = false;
        for line in strip_comments(source).lines() {
            let Some(rest) = line.trim_start().strip_prefix('#').map(str::trim_start) else {
                continue;
            };
            if let Some(v) = rest.strip_prefix("version")
                && !saw_version
            {
                let mut parts = v.split_whitespace();
                if let Some(n) = parts.next().and_then(|w| w.parse().ok()) {
                    words.profile = parts.next().map(str::to_string);
                    let es = words.profile.as_deref() == Some("es");
                    words.version = desktop_equivalent(es, n);
                    words.es_version = es.then_some(n);
                    saw_version = true;
                }
            } else if let Some(e) = rest.strip_prefix("extension") {
                let mut parts = e.splitn(2, ':');
                let name = parts.next().unwrap_or("").trim();
                let behavior = parts.next().unwrap_or("").trim_start();
                if !behavior.starts_with("disable") && !name.is_empty() {
                    words.extensions.push(name.to_string());
                }
            }
        }
        words
    }

    /// The `#version` number (110 when the source declares none); for GLSL ES 3.00 and
    /// 3.10 the desktop version whose words they have (3.30, 4.30).
    pub fn version(&self) -> u16 {
        self.version
    }

    /// The `#version` profile word, if the source gives one.
    pub fn profile(&self) -> Option<&str> {
        self.profile.as_deref()
    }

    /// What `word` is in this shader. Words not in the table are what glsl-lang makes of
    /// them (`Keyword` here).
    pub fn classify(&self, word: &str) -> WordIs {
        if self.es_version.is_some() && ES_RESERVED.contains(&word) {
            return WordIs::Reserved;
        }
        if let Some(v) = self.es_version.filter(|&v| v < 320)
            && let Some(&(_, in_300, exts)) = ES32_WORDS.iter().find(|e| e.0 == word)
            && (v >= 310 || in_300)
        {
            let enabled = v >= 310 && exts.iter().any(|x| self.extensions.iter().any(|e| e == x));
            return if enabled {
                WordIs::Keyword
            } else {
                WordIs::Reserved
            };
        }
        let Some(&(_, reserved, keyword, exts)) = WORDS.iter().find(|e| e.0 == word) else {
            return WordIs::Keyword;
        };
        if (keyword != 0 && self.version >= keyword)
            || exts
                .iter()
                .any(|x| self.extensions.iter().any(|e| e == x || e == "all"))
        {
            WordIs::Keyword
        } else if reserved != 0 && self.version >= reserved {
            WordIs::Reserved
        } else {
            WordIs::Identifier
        }
    }

    /// Whether `word` is in the table at all (the token stream looks only at those).
    pub fn versioned(word: &str) -> bool {
        WORDS.iter().any(|e| e.0 == word)
            || ES32_WORDS.iter().any(|e| e.0 == word)
            || ES_RESERVED.contains(&word)
    }
}

/// `source` with its comments replaced by spaces (line breaks kept), so that a
/// directive inside a comment does not count.
fn strip_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('/', Some('/')) => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
                out.push(' ');
            }
            ('/', Some('*')) => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                    }
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                out.push(' ');
            }
            _ => out.push(c),
        }
    }
    out
}

/// The names of the built-in struct types (the parser must know them as type names).
pub fn builtin_struct_names() -> impl Iterator<Item = &'static str> {
    STRUCTS.iter().map(|s| s.0)
}

/// The built-in struct types and their members (all profiles have
/// gl_DepthRangeParameters; the rest are compatibility-only).
pub const STRUCTS: &[(&str, &[(&str, &str)])] = &[
    (
        "gl_DepthRangeParameters",
        &[("near", "float"), ("far", "float"), ("diff", "float")],
    ),
    (
        "gl_PointParameters",
        &[
            ("size", "float"),
            ("sizeMin", "float"),
            ("sizeMax", "float"),
            ("fadeThresholdSize", "float"),
            ("distanceConstantAttenuation", "float"),
            ("distanceLinearAttenuation", "float"),
            ("distanceQuadraticAttenuation", "float"),
        ],
    ),
    (
        "gl_MaterialParameters",
        &[
            ("emission", "vec4"),
            ("ambient", "vec4"),
            ("diffuse", "vec4"),
            ("specular", "vec4"),
            ("shininess", "float"),
        ],
    ),
    (
        "gl_LightSourceParameters",
        &[
            ("ambient", "vec4"),
            ("diffuse", "vec4"),
            ("specular", "vec4"),
            ("position", "vec4"),
            ("halfVector", "vec4"),
            ("spotDirection", "vec3"),
            ("spotExponent", "float"),
            ("spotCutoff", "float"),
            ("spotCosCutoff", "float"),
            ("constantAttenuation", "float"),
            ("linearAttenuation", "float"),
            ("quadraticAttenuation", "float"),
        ],
    ),
    ("gl_LightModelParameters", &[("ambient", "vec4")]),
    ("gl_LightModelProducts", &[("sceneColor", "vec4")]),
    (
        "gl_LightProducts",
        &[
            ("ambient", "vec4"),
            ("diffuse", "vec4"),
            ("specular", "vec4"),
        ],
    ),
    (
        "gl_FogParameters",
        &[
            ("color", "vec4"),
            ("density", "float"),
            ("start", "float"),
            ("end", "float"),
            ("scale", "float"),
        ],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn words(src: &str) -> Words {
        Words::of_source(src)
    }

    #[test]
    fn versions_and_extensions() {
        let w = words("#version 130\n");
        assert_eq!(w.classify("sample"), WordIs::Identifier);
        assert_eq!(w.classify("flat"), WordIs::Keyword);
        assert_eq!(w.classify("dvec2"), WordIs::Reserved);
        assert_eq!(w.classify("row_major"), WordIs::Reserved);
        assert_eq!(w.classify("vec4"), WordIs::Keyword);
        let w = words("#version 120\n");
        assert_eq!(w.classify("flat"), WordIs::Identifier);
        assert_eq!(w.classify("row_major"), WordIs::Identifier);
        let w = words("#version 150\n#extension GL_ARB_gpu_shader5 : enable\n");
        assert_eq!(w.classify("sample"), WordIs::Keyword);
        let w = words("#version 150\n#extension GL_ARB_gpu_shader5 : disable\n");
        assert_eq!(w.classify("sample"), WordIs::Identifier);
        let w = words("#version 430\n");
        assert_eq!(w.classify("buffer"), WordIs::Keyword);
        assert_eq!(w.classify("image1DShadow"), WordIs::Reserved);
        // No #version: GLSL 1.10.
        assert_eq!(words("void main() {}").classify("flat"), WordIs::Identifier);
        assert_eq!(words("").classify("dvec2"), WordIs::Reserved);
        // Directives in comments do not count.
        let w = words("/* #version 330 */\n// #version 120\n#version 430\n");
        assert_eq!(w.classify("buffer"), WordIs::Keyword);
        let w = words("#version 150\n// #extension GL_ARB_gpu_shader5 : enable\n");
        assert_eq!(w.classify("sample"), WordIs::Identifier);
        assert_eq!(
            words("#version 1x\n#version 430\n").classify("shared"),
            WordIs::Keyword
        );
        // GLSL 1.10 reserves switch; 1.30 makes it a keyword.
        assert_eq!(words("#version 120\n").classify("switch"), WordIs::Reserved);
        assert_eq!(words("#version 130\n").classify("switch"), WordIs::Keyword);
        assert_eq!(
            words("#version 120\n").classify("filter"),
            WordIs::Identifier
        );
        assert_eq!(words("#version 330\n").classify("filter"), WordIs::Reserved);
        assert_eq!(
            words("#version 410\n").classify("resource"),
            WordIs::Identifier
        );
    }
}
