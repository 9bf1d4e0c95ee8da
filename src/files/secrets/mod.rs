//! Whether a file may hold credentials: by its name ([`names`]) and by what it holds
//! ([`scan`], against the one table of [`table`]).
//!
//! Both err towards refusing: a file refused by mistake costs the agent one read, a key sent to a
//! third party cannot be unsent.

mod names;
mod scan;
mod table;

pub(crate) use names::secret_name;
pub use scan::secret_content;
