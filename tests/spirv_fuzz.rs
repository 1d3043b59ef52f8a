//! SPIR-V modules the fuzzer (conformance/fuzz) found to break the SPIR-V front end or
//! the linker (a panic caught at the C boundary, or an internal error): each must now
//! specialize and link to an answer whose log holds the text listed for it.

use std::sync::Arc;

use glcompute_driver::glsl;
use glcompute_driver::ir::shader::Stage;
use glcompute_driver::spirv;

/// (file under conformance/fuzz/regressions/spirv, text its answer holds).
const CASES: &[(&str, &str)] = &[
    // An atomic on an input built-in (a mutated decoration left the pointer a
    // built-in's): the IR had an atomic on a value.
    (
        "atomic-on-builtin-input.spv",
        "an atomic operation on a built-in input",
    ),
    // An atomic whose pointer a mutation made a function variable's: the back end
    // met an atomic on a value that lives in no memory.
    (
        "atomic-on-function-memory.spv",
        "an atomic operation on memory other than workgroup (shared) or storage-buffer memory",
    ),
    // A block array at binding 2^32 - 1: reflection's binding + element overflowed.
    (
        "reflect-binding-overflow.spv",
        "is not below GL_MAX_UNIFORM_BUFFER_BINDINGS",
    ),
];

fn answer(bytes: &[u8]) -> String {
    let bin = match spirv::read(bytes) {
        Ok(b) => b,
        Err(e) => return e,
    };
    let stage = bin
        .entry_points
        .iter()
        .find(|e| e.0 == "main")
        .and_then(|e| spirv::stage_of_model(e.1))
        .unwrap_or(Stage::Compute);
    match spirv::specialize(stage, &bin, "main", &[]) {
        Err(log) => log,
        Ok(shader) => match glsl::link(&[(1, stage, Some(Arc::new(shader)))], true) {
            Ok(_) => "linked".into(),
            Err(log) => log,
        },
    }
}

#[test]
fn spirv_fuzz_regressions() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/fuzz/regressions/spirv");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("conformance/fuzz/regressions/spirv")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut listed: Vec<String> = CASES.iter().map(|c| c.0.to_string()).collect();
    listed.sort();
    assert_eq!(
        files, listed,
        "every regression module has a case, every case a module"
    );
    for (file, expect) in CASES {
        let bytes = std::fs::read(dir.join(file)).expect("readable");
        let outcome = answer(&bytes);
        assert!(
            outcome.contains(expect),
            "{file}: expected `{expect}' in:\n{outcome}"
        );
    }
}
