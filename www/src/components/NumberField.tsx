/** A labelled whole-number field; with `optional`, a checkbox turns it into `null` (not given). */
export function NumberField({
  label,
  value,
  onChange,
  min = 0,
  optional = false,
  fallback,
  testid,
  hint,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  optional?: boolean;
  /** The number an optional field takes when switched on. */
  fallback?: number;
  testid: string;
  hint?: string;
}) {
  const on = value !== null;
  return (
    <label className="num-field" title={hint}>
      {optional ? <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked ? (fallback ?? min) : null)} data-testid={`${testid}-on`} /> : null}
      <span className="num-field-label">{label}</span>
      <input
        type="number"
        min={min}
        step={1}
        value={on ? value : ""}
        disabled={!on}
        placeholder={on ? "" : "not given"}
        onChange={(e) => {
          const n = e.target.valueAsNumber;
          // An empty or partial entry is not a number yet: keep the last one.
          if (Number.isFinite(n)) onChange(Math.max(min, Math.floor(n)));
        }}
        data-testid={testid}
      />
    </label>
  );
}
