//! Why a position is (un)reachable, for people: the editor's diagnostics, the unreachability
//! certificates, checked before they are shown, and the legal last moves of a position (`retro`).

pub mod cause;
pub mod certificate;
pub mod certificate_error;
pub mod diagnose;
pub mod explanation;
pub mod explanation_json;
pub mod retro;
pub mod summary;
pub mod tsume;
