// An agent's own functions that the governor's decisions call.
export const task = "Implement the task list page.";
export function finish(status: string, reason: string): void {
  console.log(`finished: ${status} (${reason})`);
}
export function assumeTestsPassed(): void {}
export function keepLastTestResult(): void {}
export function tryAnotherApproach(reason: string): void {
  console.log(`stuck: ${reason}`);
}
// A page's storage; Node 20 has none.
export const localStorage: Record<string, string> = {};
