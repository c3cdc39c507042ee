import { useEffect, useRef, useState } from 'react';
import { Popconfirm, type PopconfirmProps } from 'antd';

/**
 * antd's Popconfirm for keyboard users too: opening it moves focus to its confirm button (the popup
 * sits at the end of the page, out of reach of Tab), Escape closes it, and on closing focus returns to
 * the control that opened it.
 */
export function Confirm({ okButtonProps, onOpenChange, ...props }: PopconfirmProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const change = (next: boolean) => {
    if (next) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(next);
    if (!next && opener.current?.isConnected) opener.current.focus();
    onOpenChange?.(next);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && change(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  // Drawn anew at every opening, so the confirm button takes the focus each time, not only the first.
  return <Popconfirm destroyOnHidden {...props} open={open} onOpenChange={change} okButtonProps={{ autoFocus: true, ...okButtonProps }} />;
}
