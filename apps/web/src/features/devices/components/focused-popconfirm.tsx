import { Popconfirm, type PopconfirmProps } from 'antd';
import { useState } from 'react';
import { usePopupFocus } from '../../../hooks/use-focus-return.ts';

/**
 * A confirmation (antd's Popconfirm) that keyboard users can answer: it takes the focus when it
 * opens, on its first button (Cancel, the harmless answer; Tab reaches the other), and gives it
 * back to the button that opened it when it closes, by Esc or by either answer.
 */
export function FocusedPopconfirm({ description, onOpenChange, ...props }: PopconfirmProps) {
  const [open, setOpen] = useState(false);
  const contentRef = usePopupFocus<HTMLSpanElement>(open, '.ant-popconfirm-buttons button');
  return (
    <Popconfirm
      {...props}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        onOpenChange?.(next);
      }}
      description={
        <span ref={contentRef}>{typeof description === 'function' ? description() : description}</span>
      }
    />
  );
}
