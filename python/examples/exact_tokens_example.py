"""Exact o200k counts (pip install 'ctxpack[tokenizer]') beside the estimate."""

import ctxpack

text = "Assemble the context under a budget, and say why."
ids = ctxpack.encode_tokens(text)
print(ctxpack.count_tokens(text), ctxpack.estimate_tokens(text), ids[:5], ctxpack.decode_tokens(ids) == text)
