//! Numbers the two halves of the binding both read: the tags of glue.js's host-value tape (read
//! by `wasm::host`) and the flags glue.js's `readMeta` packs per document (read by the jsondoc
//! binding). Declared here once; `UPDATE_SHAPES=1 cargo test declarations` writes them into
//! glue.js's generated block, and that test fails when the block is stale.

/// Declares each code as a constant and lists them all, by name, for the generator.
macro_rules! codes {
    ($(#[$doc:meta])* $table:ident { $($name:ident = $value:literal,)* }) => {
        $(pub(crate) const $name: u8 = $value;)*
        $(#[$doc])*
        #[cfg(test)]
        pub(crate) const $table: &[(&str, u8)] = &[$((stringify!($name), $value)),*];
    };
}

codes! {
    /// The tags of `hostValue`'s tape, one per value it walked.
    TAPE_TAGS {
        T_UNDEFINED = 0,
        T_NULL = 1,
        T_FALSE = 2,
        T_TRUE = 3,
        T_NUMBER = 4,
        T_STRING = 5,
        T_ARRAY = 6,
        T_OBJECT = 7,
        T_FUNCTION = 8,
        T_SYMBOL = 9,
        T_BIGINT = 10,
        T_BINARY = 11,
        T_DEEP = 12,
        T_THREW = 13,
        T_LONG = 14,
    }
}

codes! {
    /// The bits of a document's flags byte, as `readMeta` sets them.
    DOCUMENT_FLAGS {
        FLAG_USER_INPUT = 1,
        FLAG_LEAF_GIVEN = 2,
        FLAG_LEAF = 4,
        FLAG_CREATED_TEXT = 8,
        FLAG_CREATED_DATE = 16,
    }
}
