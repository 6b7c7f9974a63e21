import '../styles/live-note.css';

/** Whether a screen follows its device's live stream ("Live") or refreshes by itself, in its own words. */
export function LiveNote({ live, text, testId }: { live: boolean; text: string; testId: string }) {
  return (
    <span className="live-note" data-live={live} data-testid={testId}>
      {text}
    </span>
  );
}
