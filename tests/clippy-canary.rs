// A warning of clippy's (clippy::needless_return) that rustc alone does not give: scripts/test-native.sh
// compiles this with the clippy-driver and lint flags that lint the tests' build, and fails unless it fails.
pub fn one() -> u32 {
    return 1;
}
