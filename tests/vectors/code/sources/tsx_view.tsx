import React from "react";

export class View extends React.Component<{ title: string }> {
  render() {
    return (
      <div className="}" data-x={{ a: 1 }}>
        Don't {this.props.title} it's <b>bold</b> {/* } */}
        <List items={[1, 2]} render={(i) => <span key={i}>{i}</span>} />
      </div>
    );
  }
}

const generic = <T,>(x: T) => x;

export class After {
  fragment = <>text with &rbrace; and {"{"} don't</>;
}
