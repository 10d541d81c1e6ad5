import { RestaurantRatingResponseSchema } from '@turno/contracts';
import { MESSAGES, RATING_COMMENT_MAX_LENGTH } from '@turno/domain';
import { Alert, bffErrorMessage, Button, Dialog, sendBff, TextAreaField } from '@turno/ui';
import { useId, useInsertionEffect, useRef, useState } from 'react';
import { ensureSectionStyles } from '../shared/styles';
import { BFF } from '../shared/bff';

const RATING_CSS = `
.r-stars{display:flex;flex-direction:column;gap:6px}
.r-stars__row{display:flex;gap:4px}
.r-star{font-size:32px;line-height:1;color:var(--t-color-border-strong);cursor:pointer;padding:4px;border-radius:var(--t-radius);min-width:44px;min-height:44px;display:inline-flex;align-items:center;justify-content:center}
.r-star[data-on="true"]{color:#b45309}
.r-star:focus-within{outline:3px solid var(--t-color-primary);outline-offset:1px}
`;

export interface RatingTarget {
  assignmentId: number;
  freelancerName: string;
  jobTitle: string;
}

export interface RatingDialogProps {
  target: RatingTarget;
  onClose: () => void;
  /** The rating was saved: the success message to show. */
  onRated: (message: string) => void;
  fetchImpl?: typeof fetch;
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * "Avaliar freelancer" (spec 01 §5): 1–5 stars, required ("Por favor, selecione uma avaliação de 1 a
 * 5 estrelas"), and an optional comment of at most 500 characters with its counter. The stars are a
 * radio group (arrow keys move between them). One submit at a time.
 */
export function RatingDialog({ target, onClose, onRated, fetchImpl }: RatingDialogProps) {
  useInsertionEffect(() => ensureSectionStyles('turno-restaurant-rating', RATING_CSS), []);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const legendId = useId();
  const name = useId();

  async function submit() {
    if (inFlight.current) return;
    if (rating < 1) {
      setError(MESSAGES.ratings.starsRequired);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await sendBff(`${BFF}/ratings`, {
        method: 'POST',
        body: { assignmentId: target.assignmentId, rating, comment: comment.trim() || null },
        schema: RestaurantRatingResponseSchema,
        fetchImpl,
      });
      onRated(answer.message);
    } catch (failure) {
      setError(bffErrorMessage(failure, MESSAGES.ratings.submitFailed, MESSAGES.common.connection));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Avaliar freelancer"
      onClose={onClose}
      size="small"
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Agora não
          </Button>
          <Button onClick={() => void submit()} busy={busy}>
            Enviar avaliação
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>
        Como foi o trabalho de <strong>{target.freelancerName}</strong> em {target.jobTitle}?
      </p>
      <div role="radiogroup" aria-labelledby={legendId} className="r-stars">
        <span id={legendId} className="t-label">
          Nota (obrigatória)
        </span>
        <div className="r-stars__row">
          {STARS.map((star) => (
            <label key={star} className="r-star" data-on={star <= rating ? 'true' : undefined}>
              <input
                type="radio"
                name={name}
                value={star}
                checked={rating === star}
                onChange={() => {
                  setRating(star);
                  setError(null);
                }}
                className="t-visually-hidden"
              />
              <span aria-hidden="true">★</span>
              <span className="t-visually-hidden">
                {star} {star === 1 ? 'estrela' : 'estrelas'}
              </span>
            </label>
          ))}
        </div>
      </div>
      <TextAreaField
        label="Comentário"
        optional
        rows={3}
        maxLength={RATING_COMMENT_MAX_LENGTH}
        value={comment}
        onChange={(event) => setComment(event.target.value.slice(0, RATING_COMMENT_MAX_LENGTH))}
        hint={`${comment.length}/${RATING_COMMENT_MAX_LENGTH} caracteres`}
      />
      {error && (
        <Alert tone="danger" data-testid="rating-error">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
