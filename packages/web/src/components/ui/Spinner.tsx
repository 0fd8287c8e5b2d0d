// The busy spinner inside a button while its action runs: a status whose words ("Adding to cart") are
// read out, the spinning ring drawn by CSS (.spinner).

export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner" role="status">
      <span className="sr-only">{label}</span>
    </span>
  );
}
