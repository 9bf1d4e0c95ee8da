//! The code module's exports (npm entry `ctxpack/code`, feature `code`): its table's
//! functions, every one answered by the core (`crate::code::calls`).

use super::bind;

crate::code::calls::table!(bind);
