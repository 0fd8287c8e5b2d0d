// A form's submit button and optional Cancel, as the checkout's forms lay them out.
export function FormActions({
  submitLabel,
  busy,
  onCancel,
}: {
  submitLabel: string;
  busy?: boolean;
  onCancel?: () => void;
}) {
  return (
    <div className="btn-wrap checkout-actions">
      <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
        {submitLabel}
      </button>
      {onCancel ? (
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
