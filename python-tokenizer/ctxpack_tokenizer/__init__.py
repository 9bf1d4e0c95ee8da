"""The native module of ctxpack's exact token counts; use them as ctxpack.count_tokens,
ctxpack.encode_tokens and ctxpack.decode_tokens."""
