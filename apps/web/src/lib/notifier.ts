/**
 * Where failures are shown. The app shell points this at antd's message (themed and inside the
 * ConfigProvider); until then, failures go to the console.
 */
export type ErrorNotifier = (text: string, key?: string) => void;

let notifier: ErrorNotifier = (text) => console.error(text);

export function setErrorNotifier(next: ErrorNotifier): void {
  notifier = next;
}

export function notifyError(text: string, key?: string): void {
  notifier(text, key);
}
