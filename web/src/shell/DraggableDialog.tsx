import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';

export interface DraggableDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Starting size in px; the corner handle resizes it (not below minWidth x minHeight). */
  width?: number;
  height?: number;
  minWidth?: number;
  minHeight?: number;
  /** data-dialog attribute, for tests. */
  name?: string;
}

type Gesture = { kind: 'move' | 'resize'; startX: number; startY: number; x: number; y: number; w: number; h: number };

/**
 * A dialog moved by dragging its title and resized by dragging its lower right corner
 * (documents.md 2: draggable and resizable dialogs). Position and size start afresh
 * each time it opens.
 */
export default function DraggableDialog({
  open,
  onClose,
  title,
  children,
  actions,
  width = 560,
  height = 360,
  minWidth = 280,
  minHeight = 180,
  name,
}: DraggableDialogProps) {
  const { t } = useTranslation();
  const [box, setBox] = useState({ x: 0, y: 0, w: width, h: height });
  const gesture = useRef<Gesture | null>(null);

  useEffect(() => {
    if (open) setBox({ x: 0, y: 0, w: width, h: height });
  }, [open, width, height]);

  const start = (kind: Gesture['kind']) => (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    if (kind === 'move' && (e.target as HTMLElement).closest('button')) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    gesture.current = { kind, startX: e.clientX, startY: e.clientY, ...box };
  };
  const move = (e: ReactPointerEvent<HTMLElement>) => {
    const g = gesture.current;
    if (!g) return;
    const dx = e.clientX - g.startX;
    const dy = e.clientY - g.startY;
    if (g.kind === 'move') setBox((b) => ({ ...b, x: g.x + dx, y: g.y + dy }));
    else setBox((b) => ({ ...b, w: Math.max(minWidth, g.w + dx), h: Math.max(minHeight, g.h + dy) }));
  };
  const end = (e: ReactPointerEvent<HTMLElement>) => {
    gesture.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      aria-labelledby={name ? `${name}-title` : undefined}
      slotProps={{
        paper: {
          'data-dialog': name,
          style: { transform: `translate(${box.x}px, ${box.y}px)`, width: box.w, height: box.h, maxWidth: '95vw', maxHeight: '95vh' },
        } as object,
      }}
    >
      <DialogTitle
        id={name ? `${name}-title` : undefined}
        onPointerDown={start('move')}
        onPointerMove={move}
        onPointerUp={end}
        sx={{ cursor: 'move', userSelect: 'none', pr: 6 }}
        data-drag-handle
      >
        {title}
        <IconButton aria-label={t('feedback.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
      <Box
        role="separator"
        aria-label={t('feedback.resize')}
        data-resize-handle
        onPointerDown={start('resize')}
        onPointerMove={move}
        onPointerUp={end}
        sx={{
          position: 'absolute',
          right: 0,
          bottom: 0,
          width: 16,
          height: 16,
          cursor: 'nwse-resize',
          background: 'linear-gradient(135deg, transparent 50%, rgba(0,0,0,0.3) 50%)',
        }}
      />
    </Dialog>
  );
}
