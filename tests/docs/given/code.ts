// A Python file an earlier step created.
export const source = "from dataclasses import dataclass\n\n@dataclass\nclass Task:\n    title: str\n    done: bool = False\n";
