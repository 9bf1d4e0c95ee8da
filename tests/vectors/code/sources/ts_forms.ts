import { Component } from "./decorators";

/** Documented. */
export class Exported<T extends { id: string }> extends Base<{ b: 2 }> implements I {
  private readonly items: Map<string, T> = new Map();
  get(id: string): T | undefined { return this.items.get(id); }
}

abstract class Shape {
  abstract area(): number;
  describe() { return `area ${this.area()} ${`nested ${"}"}`}`; }
}

@Component({
  selector: "app-root",
  template: "<div>}</div>",
})
export default class AppComponent {
  ratio = 1 / 2 / 3;
  re = /[}/]+/g;
}

export const Expr = class {
  x = { class: 1 }.class;
};

declare class Ambient {
  m(): void;
}

function factory() {
  return class Inner {};
}
