import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The drop-downs of antd selects on the page that are open (closed ones stay in the page, hidden). */
function openPopups(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter(
    (popup) => !popup.classList.contains('ant-select-dropdown-hidden'),
  );
}

/**
 * Opens an antd select by its combobox and picks the first option whose text is `label`, as a
 * user does: it waits for a drop-down still closing from the last choice to have gone (a click on it
 * would close it instead of opening it), for the drop-down to be open, and for it to close again.
 */
export async function chooseOption(user: UserEvent, combobox: HTMLElement, label: string): Promise<void> {
  await waitFor(() => {
    if (combobox.getAttribute('aria-expanded') === 'true') throw new Error('the select is still open');
  });
  await user.click(combobox);
  const option = await waitFor(() => {
    if (combobox.getAttribute('aria-expanded') !== 'true') throw new Error('the select did not open');
    const popup = openPopups().at(-1);
    if (!popup) throw new Error('no open drop-down');
    const [first] = within(popup).getAllByText(label);
    if (!first) throw new Error(`no option ${label}`);
    return first;
  });
  await user.click(option);
}
