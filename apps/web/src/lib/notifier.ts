/**
 * Where failures and confirmations are shown. The app shell points these at antd's message (themed
 * and inside the ConfigProvider); until then, they go to the console. A confirmation shown this way
 * outlives the dialog or screen that asked for it (e.g. "password changed" across the sign-out).
 */
export type ErrorNotifier = (text: string, key?: string) => void;
export type SuccessNotifier = (text: string, key?: string) => void;

let notifier: ErrorNotifier = (text) => console.error(text);
let successNotifier: SuccessNotifier = (text) => console.info(text);

export function setErrorNotifier(next: ErrorNotifier): void {
  notifier = next;
}

export function setSuccessNotifier(next: SuccessNotifier): void {
  successNotifier = next;
}

export function notifyError(text: string, key?: string): void {
  notifier(text, key);
}

export function notifySuccess(text: string, key?: string): void {
  successNotifier(text, key);
}
