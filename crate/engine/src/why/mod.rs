//! Why a position is (un)reachable, for people: the editor's diagnostics and the unreachability
//! certificates, checked before they are shown.

pub mod cause;
pub mod certificate;
pub mod diagnose;
pub mod explanation;
pub mod explanation_json;
pub mod summary;
pub mod tsume;
