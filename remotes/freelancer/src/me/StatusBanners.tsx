import { type FreelancerMe } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Alert, Button } from '@turno/ui';
import { SuspensionBanner } from '../jobs/SuspensionBanner';

export interface StatusBannersProps {
  me: FreelancerMe;
  /** Opens the Perfil tab, where the photo is uploaded. */
  onOpenProfile: () => void;
  /**
   * The vetting checklist is shown (issue 27): it says where the submission stands ("em análise"
   * only once sent), so the generic awaiting-approval banner is left out.
   */
  vettingShown?: boolean;
}

/**
 * The status banners of the freelancer dashboard (spec 01 §2): profile not active, awaiting
 * approval, missing photo — each saying what to do; applying suspended until when (issue 23, above
 * Vagas). Nothing when the freelancer may apply.
 */
export function StatusBanners({ me, onOpenProfile, vettingShown = false }: StatusBannersProps) {
  const t = MESSAGES.freelancers;
  return (
    <div className="t-stack" data-testid="status-banners" style={{ gap: 12 }}>
      {me.suspended_until && <SuspensionBanner until={me.suspended_until} />}
      {!me.is_available && (
        <Alert tone="danger" title={t.bannerNotActiveTitle} data-testid="banner-not-active">
          {t.bannerNotActive}
        </Alert>
      )}
      {me.is_available && !me.is_approved && !vettingShown && (
        <Alert tone="info" title={t.bannerAwaitingApprovalTitle} data-testid="banner-awaiting-approval">
          {t.bannerAwaitingApproval}
        </Alert>
      )}
      {!me.has_profile_photo && (
        <Alert
          tone="warning"
          title={t.bannerMissingPhotoTitle}
          data-testid="banner-missing-photo"
          action={
            <Button variant="secondary" size="sm" onClick={onOpenProfile}>
              {t.bannerGoToProfile}
            </Button>
          }
        >
          {t.bannerMissingPhoto}
        </Alert>
      )}
    </div>
  );
}
