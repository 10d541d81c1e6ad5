import { FreelancerRatingResponseSchema } from '@turno/contracts';
import { MESSAGES, RATING_COMMENT_MAX_LENGTH, RATING_MAX, RATING_MIN } from '@turno/domain';
import { Alert, Button, TextAreaField } from '@turno/ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BFF, SendError, sendBff } from '../shared/send-bff';

/** The shift being rated: its assignment id, job title and business name (spec 01 §2 rating modal). */
export interface RatingTarget {
  id: number;
  title: string;
  restaurant_name: string;
}

export interface RatingDialogProps {
  target: RatingTarget;
  onClose: () => void;
  /** After the server took the rating: its message. */
  onRated: (message: string) => void;
  fetchImpl?: typeof fetch;
}

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

/**
 * "Avaliar Mercado": a modal with the job title and business name, 1–5 stars (required),
 * an optional comment (≤ 500), sent once to POST /api/ratings. Escape or "Cancelar" closes it.
 */
export function RatingDialog({ target, onClose, onRated, fetchImpl }: RatingDialogProps) {
  const [stars, setStars] = useState<number | null>(null);
  /** The star whose (visually hidden) radio has the keyboard focus: its label shows the ring. */
  const [focused, setFocused] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const titleId = useId();
  const firstStar = useRef<HTMLInputElement>(null);

  useEffect(() => firstStar.current?.focus(), []);

  async function submit() {
    if (stars === null) {
      setError(MESSAGES.ratings.starsRequired);
      return;
    }
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await sendBff(
        `${BFF}/ratings`,
        FreelancerRatingResponseSchema,
        MESSAGES.ratings.submitFailed,
        {
          body: {
            assignmentId: target.id,
            rating: stars,
            comment: comment.trim() === '' ? null : comment.trim(),
          },
          fetchImpl,
        },
      );
      onRated(answer.message);
    } catch (failure) {
      setError(failure instanceof SendError ? failure.message : MESSAGES.ratings.submitFailed);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) onClose();
  };

  return (
    <div
      style={{
        position: 'fixed',
        inset: 0,
        background: 'rgba(15, 23, 42, 0.45)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        zIndex: 50,
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="t-card"
        onKeyDown={onKeyDown}
        style={{ width: '100%', maxWidth: 440, maxHeight: '100%', overflowY: 'auto' }}
      >
        <form
          className="t-card__body t-stack"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div>
            <h2 id={titleId} style={{ fontSize: 18 }}>
              Avaliar Mercado
            </h2>
            <p style={{ margin: '4px 0 0', overflowWrap: 'anywhere' }}>
              {target.title} · <strong>{target.restaurant_name}</strong>
            </p>
          </div>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="t-label">Sua avaliação</legend>
            <div className="t-row" style={{ marginTop: 6 }}>
              {STARS.map((value) => (
                <label
                  key={value}
                  style={{
                    cursor: 'pointer',
                    fontSize: 30,
                    lineHeight: 1,
                    color:
                      stars !== null && value <= stars ? 'var(--t-color-warning)' : 'var(--t-color-muted)',
                    outline: focused === value ? '3px solid var(--t-color-primary)' : undefined,
                    outlineOffset: 2,
                    borderRadius: 4,
                  }}
                >
                  <input
                    ref={value === RATING_MIN ? firstStar : undefined}
                    type="radio"
                    name="stars"
                    value={value}
                    checked={stars === value}
                    onChange={() => setStars(value)}
                    onFocus={() => setFocused(value)}
                    onBlur={() => setFocused(null)}
                    aria-label={value === 1 ? '1 estrela' : `${value} estrelas`}
                    className="t-visually-hidden"
                  />
                  <span aria-hidden="true">★</span>
                </label>
              ))}
            </div>
          </fieldset>
          <TextAreaField
            label="Comentário"
            optional
            rows={3}
            maxLength={RATING_COMMENT_MAX_LENGTH}
            value={comment}
            hint={`${comment.length}/${RATING_COMMENT_MAX_LENGTH} caracteres`}
            onChange={(event) => setComment(event.target.value)}
          />
          {error && (
            <Alert tone="danger" data-testid="rating-error">
              {error}
            </Alert>
          )}
          <div className="t-row" style={{ justifyContent: 'flex-end' }}>
            <Button variant="ghost" disabled={busy} onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" busy={busy}>
              Enviar avaliação
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
