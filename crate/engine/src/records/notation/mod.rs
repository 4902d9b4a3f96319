//! Japanese move notation (JSA): one move's text read ([`read`]) and written ([`write`]).

pub mod read;
pub mod write;
