// three kinds of line end
export class A {
  s = 'x';}export class B {
  t = `
`;
}
class C {}