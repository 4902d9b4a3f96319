//! One reusable search per game and thread: its tables grow to fit the searches once per thread (a rayon
//! worker, a web worker), not once per call.

use crate::board::variant::Variant;
use crate::reach::search::kk_search::KkSearch;
use std::any::Any;
use std::cell::RefCell;

thread_local! {
    static SEARCHES: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with this thread's search for `V`, kept from call to call. The search is taken out of the
/// thread's store while `f` runs, so a nested call (rayon may run other jobs on this thread while `f`
/// waits) gets a search of its own instead of a borrow conflict.
pub fn with_thread_search<V: Variant, R>(f: impl FnOnce(&mut KkSearch<V>) -> R) -> R {
    let kept = SEARCHES.with(|cell| {
        let mut searches = cell.borrow_mut();
        let i = searches.iter().position(|s| s.is::<KkSearch<V>>())?;
        searches.swap_remove(i).downcast::<KkSearch<V>>().ok()
    });
    let mut search = kept.unwrap_or_else(|| Box::new(KkSearch::<V>::new()));
    let out = f(&mut search);
    SEARCHES.with(|cell| cell.borrow_mut().push(search));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::variant::{MiniShogi, Shogi};

    #[test]
    fn each_game_keeps_its_search_and_nested_calls_get_their_own() {
        let address = |s: &mut KkSearch<Shogi>| s as *const _ as usize;
        let (outer, inner) = with_thread_search::<Shogi, _>(|s| {
            let inner = with_thread_search::<Shogi, _>(address);
            with_thread_search::<MiniShogi, _>(|_| ());
            (address(s), inner)
        });
        assert_ne!(inner, outer, "a nested call has a search of its own");
        assert_eq!(SEARCHES.with(|c| c.borrow().len()), 3, "every search is kept");
        let again = with_thread_search::<Shogi, _>(address);
        assert!(again == inner || again == outer, "a kept search is used again");
        assert_eq!(SEARCHES.with(|c| c.borrow().len()), 3);
    }
}
