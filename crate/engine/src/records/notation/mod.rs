//! Move notation: Japanese (JSA), one move's text read ([`read`]) and written ([`write`]) with the pieces'
//! names of [`kanji`], and Western (Hodges), as the papers write their games ([`western`]).

pub mod kanji;
pub mod read;
pub mod western;
pub mod write;
