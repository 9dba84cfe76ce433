import { useEffect, useRef } from 'preact/hooks';

/** Asks before something that cannot be undone; focus goes to "Cancel", Escape cancels. */
export function Confirm({
  text,
  yes,
  onYes,
  onNo,
}: {
  text: string;
  yes: string;
  onYes: () => void;
  onNo: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      class="confirm"
      role="alertdialog"
      aria-labelledby="confirm-text"
      onKeyDown={(e) => e.key === 'Escape' && onNo()}
    >
      <p id="confirm-text">{text}</p>
      <button type="button" class="danger" onClick={onYes}>
        {yes}
      </button>
      <button type="button" ref={cancel} onClick={onNo}>
        Cancel
      </button>
    </div>
  );
}
