"""The token estimate a maxTokens budget is measured with."""

import ctxpack

print(ctxpack.estimate_tokens("Assemble the context under a budget."))
print(ctxpack.estimate_tokens("生成第7-12集", "cl100k"))
