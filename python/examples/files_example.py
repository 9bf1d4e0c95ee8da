"""Preload the files a prompt refers to, under a token budget (README, Python section)."""

import ctxpack

result = ctxpack.preload_files(
    {"references": [{"path": "src/app.py"}, {"path": ".env"}],
     "contents": [{"path": "src/app.py", "content": "print('hi')\n"}, {"path": ".env", "content": "KEY=1\n"}],
     "maxTokens": 500}
)
print(result["block"])
print([(f["path"], f["action"], f["reasonCode"]) for f in result["manifest"]["files"]])
