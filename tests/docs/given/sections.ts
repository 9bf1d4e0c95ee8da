// The texts of a coding agent's prompt sections.
export const header = "# Task\nBuild the task list page.";
export const withHtml = "## Elements\n<ul class=\"tasks\">…</ul>";
export const withoutHtml = "## Elements\na list of tasks";
export const withVision = "## Images\nscreenshot 1: a list with checkboxes, described in detail";
export const plain = "## Images\nscreenshot 1: a list";
export const screenshot = "## Screenshot\n(attached)";
export const backend = "## Backend\nGET /api/tasks";
export const block = "### Pre-loaded Files\n…";
export const files = "## Files to modify\nsrc/pages/Tasks.jsx";
