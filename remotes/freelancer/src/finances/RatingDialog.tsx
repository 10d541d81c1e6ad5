import { FreelancerRatingResponseSchema } from '@turno/contracts';
import { MESSAGES, RATING_COMMENT_MAX_LENGTH, RATING_MAX, RATING_MIN } from '@turno/domain';
import { Alert, Button, Dialog, TextAreaField, useBffMutation } from '@turno/ui';
import { useState } from 'react';
import { BFF } from '../shared/bff';

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
  const mutation = useBffMutation({ fallback: MESSAGES.ratings.submitFailed, fetchImpl });
  const { pending: busy, error, setError } = mutation;

  async function submit() {
    if (stars === null) {
      setError(MESSAGES.ratings.starsRequired);
      return;
    }
    const result = await mutation.send(`${BFF}/ratings`, {
      body: {
        assignmentId: target.id,
        rating: stars,
        comment: comment.trim() === '' ? null : comment.trim(),
      },
      schema: FreelancerRatingResponseSchema,
    });
    if (result.ok) onRated(result.data.message);
  }

  return (
    <Dialog
      title="Avaliar Mercado"
      onClose={onClose}
      busy={busy}
      size="small"
      onSubmit={() => void submit()}
      footer={
        <>
          <Button variant="ghost" disabled={busy} onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" busy={busy}>
            Enviar avaliação
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>
        {target.title} · <strong>{target.restaurant_name}</strong>
      </p>
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
                color: stars !== null && value <= stars ? 'var(--t-color-warning)' : 'var(--t-color-muted)',
                outline: focused === value ? '3px solid var(--t-color-primary)' : undefined,
                outlineOffset: 2,
                borderRadius: 4,
              }}
            >
              <input
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
    </Dialog>
  );
}
