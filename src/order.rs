//! Stable ordering by a numeric key, shared by every caller: a generic sort is compiled once per
//! element type and comparison, a few KB of wasm each, so the crate sorts positions by `f64` keys
//! in one place and moves the elements after.

/// The positions `0..keys.len()` ordered by their key, ascending by `f64::total_cmp`; equal keys
/// keep their position order.
pub(crate) fn stable_order(keys: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    let key = |i: usize| keys.get(i).copied().unwrap_or(f64::INFINITY);
    order.sort_by(|&a, &b| key(a).total_cmp(&key(b)));
    order
}

/// `items` rearranged so that the i-th is `items[order[i]]`; `order` must be a permutation of
/// the positions (as [`stable_order`] gives).
pub(crate) fn permuted<T>(items: Vec<T>, order: &[usize]) -> Vec<T> {
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    order
        .iter()
        .filter_map(|&i| slots.get_mut(i).and_then(Option::take))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_keep_their_order_and_signed_zeros_are_ordered() {
        assert_eq!(
            stable_order(&[2.0, 1.0, 2.0, f64::INFINITY, 1.0]),
            [1, 4, 0, 2, 3]
        );
        assert_eq!(stable_order(&[0.0, -0.0]), [1, 0]);
        assert_eq!(permuted(vec!["a", "b", "c"], &[2, 0, 1]), ["c", "a", "b"]);
    }
}
