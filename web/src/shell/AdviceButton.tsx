import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Fab from '@mui/material/Fab';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import { clampPosition, pressKind } from './pressKind';

const SIZE = 48;
const MARGIN = 24;

/**
 * The floating advice button: drag it anywhere; a press shorter than 300 ms is a click
 * and opens the feedback dialog, a longer one was a drag (documents.md 2 and 9).
 */
export default function AdviceButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const [pos, setPos] = useState<{ x: number; y: number } | null>(null);
  const press = useRef<{ at: number; dx: number; dy: number } | null>(null);

  // Start in the lower right corner; stay inside the window when it shrinks.
  useEffect(() => {
    const place = () =>
      setPos((p) =>
        clampPosition(
          p?.x ?? window.innerWidth - SIZE - MARGIN,
          p?.y ?? window.innerHeight - SIZE - MARGIN * 3,
          SIZE,
          SIZE,
          window.innerWidth,
          window.innerHeight,
        ),
      );
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, []);

  const down = (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0 || !pos) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    press.current = { at: performance.now(), dx: e.clientX - pos.x, dy: e.clientY - pos.y };
  };
  const move = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const p = press.current;
    if (!p) return;
    setPos(clampPosition(e.clientX - p.dx, e.clientY - p.dy, SIZE, SIZE, window.innerWidth, window.innerHeight));
  };
  const up = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const p = press.current;
    press.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
    if (p && pressKind(p.at, performance.now()) === 'click') onOpen();
  };

  if (!pos) return null;
  return (
    <Fab
      color="secondary"
      size="medium"
      aria-label={t('shell.dragAdvice')}
      title={t('shell.dragAdvice')}
      data-advice-button
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
      sx={{ position: 'fixed', left: pos.x, top: pos.y, zIndex: (theme) => theme.zIndex.speedDial, touchAction: 'none', cursor: 'grab' }}
    >
      <RateReviewOutlinedIcon />
    </Fab>
  );
}
