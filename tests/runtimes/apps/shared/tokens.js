// The text the edge route with ctxpack/tokenizer/o200k counts: prose, Chinese, code, and runs
// longer than the 64 KiB the tokenizer once refused. The harness counts it with the repo's own
// Node build for the expected answer.
export function tokenText() {
  return "Hello, world! 金牌律师林晚被恩师和闺蜜联手陷害 fn main() {}\n" + " ".repeat(70000) + "x".repeat(70000);
}
