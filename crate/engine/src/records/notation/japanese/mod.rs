//! Japanese move notation (JSA), as game records print it: one move's text read ([`read`]) and written
//! ([`write`]), with the pieces' and squares' names of [`kanji`].

pub mod kanji;
pub mod read;
pub mod write;
