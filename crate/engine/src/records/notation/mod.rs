//! Move notation: Japanese (JSA), one move's text read ([`read`]) and written ([`write`]), and Western
//! (Hodges), as the papers write their games ([`western`]).

pub mod read;
pub mod western;
pub mod write;
