import { AdminRestaurantsPageSchema, type AdminRestaurant } from '@turno/contracts';
import { MESSAGES, POLL_INTERVAL_MS } from '@turno/domain';
import { ConfirmDialog, useLiveRefresh, usePagedList } from '@turno/ui';
import { lazy, Suspense, useState } from 'react';
import { DeleteAccountDialog } from '../shared/DeleteAccountDialog';
import { FeedbackAlert } from '../shared/FeedbackAlert';
import { useAction } from '../shared/useAction';
import {
  approveRestaurant,
  deleteRestaurant,
  rejectRestaurant,
  restaurantUpdateBody,
  restaurantEditFailure,
  updateRestaurant,
  type RestaurantForm,
} from './restaurant-actions';
import { RestaurantEditDialog } from './RestaurantEditDialog';
import {
  RESTAURANTS_DEFAULT_FILTERS,
  RESTAURANTS_QUERY_DEFAULTS,
  RESTAURANTS_URL,
  restaurantsQuery,
} from './restaurants';
import { RestaurantsView } from './RestaurantsView';

/** "Localização" (issue 23): a dialog of its own chunk, opened from "Editar Mercado". */
const StoreLocationDialog = lazy(() =>
  import('./StoreLocationDialog').then((m) => ({ default: m.StoreLocationDialog })),
);

/** The specification sets no interval for this list: the admin's job list one (30 s). */
export const RESTAURANTS_POLL_INTERVAL_MS = POLL_INTERVAL_MS.adminJobs;

export interface RestaurantsScreenProps {
  /** For tests: the fetch the list and the actions use (the browser's by default). */
  fetchImpl?: typeof fetch;
}

type OpenDialog = { kind: 'reject' | 'edit' | 'delete' | 'location'; restaurant: AdminRestaurant } | null;

/** The admin's "Mercados" tab: registrations filtered on the server, kept fresh, and their review. */
export function RestaurantsScreen({ fetchImpl }: RestaurantsScreenProps) {
  const [filters, setFilters] = useState(RESTAURANTS_DEFAULT_FILTERS);
  const list = usePagedList(RESTAURANTS_URL, restaurantsQuery(filters), AdminRestaurantsPageSchema, {
    defaults: RESTAURANTS_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('admin-ops', list.refresh, { pollIntervalMs: RESTAURANTS_POLL_INTERVAL_MS });
  const action = useAction();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [editError, setEditError] = useState<string | null>(null);

  const finish = (done: boolean) => {
    if (done) {
      setDialog(null);
      void list.refresh();
    }
  };
  const approve = async (r: AdminRestaurant) =>
    finish(
      await action.run(`approve-${r.id}`, () => approveRestaurant(r.id, fetchImpl), {
        success: () => MESSAGES.restaurants.approved,
        failure: MESSAGES.restaurants.approveFailed,
      }),
    );
  const reject = async (r: AdminRestaurant) => {
    const done = await action.run(`reject-${r.id}`, () => rejectRestaurant(r.id, fetchImpl), {
      success: () => MESSAGES.restaurants.rejected,
      failure: MESSAGES.restaurants.rejectFailed,
    });
    setDialog(null);
    if (done) void list.refresh();
  };
  const save = async (r: AdminRestaurant, form: RestaurantForm) => {
    setEditError(null);
    let refusal: string | null = null;
    const done = await action.run(
      `edit-${r.id}`,
      () =>
        updateRestaurant(r.id, restaurantUpdateBody(form), fetchImpl).catch((error: unknown) => {
          refusal = restaurantEditFailure(error);
          throw error;
        }),
      { success: () => MESSAGES.restaurants.updated, failure: MESSAGES.restaurants.updateConnection },
    );
    if (done) finish(true);
    else {
      // The refusal stays in the dialog, where the person can correct the field.
      action.setFeedback(null);
      setEditError(refusal);
    }
  };
  const remove = async (r: AdminRestaurant) => {
    const done = await action.run(`delete-${r.id}`, () => deleteRestaurant(r.id, fetchImpl), {
      success: (answer) => answer.message,
      failure: MESSAGES.restaurants.deleteFailed,
    });
    setDialog(null);
    if (done) void list.refresh();
  };
  const busyOn = (key: string) => action.running === key;

  return (
    <>
      <RestaurantsView
        list={list}
        filters={filters}
        onFiltersChange={setFilters}
        feedback={<FeedbackAlert feedback={action.feedback} onDismiss={() => action.setFeedback(null)} />}
        actions={{
          running: action.running,
          onApprove: (r) => void approve(r),
          onReject: (r) => setDialog({ kind: 'reject', restaurant: r }),
          onEdit: (r) => {
            setEditError(null);
            setDialog({ kind: 'edit', restaurant: r });
          },
          onDelete: (r) => setDialog({ kind: 'delete', restaurant: r }),
        }}
      />
      {dialog?.kind === 'reject' && (
        <ConfirmDialog
          title={`Rejeitar ${dialog.restaurant.business_name}`}
          message={MESSAGES.confirmations.rejectRestaurant}
          confirmLabel="Rejeitar"
          tone="danger"
          busy={busyOn(`reject-${dialog.restaurant.id}`)}
          onConfirm={() => void reject(dialog.restaurant)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <RestaurantEditDialog
          restaurant={dialog.restaurant}
          busy={busyOn(`edit-${dialog.restaurant.id}`)}
          error={editError}
          onSave={(form) => void save(dialog.restaurant, form)}
          onCancel={() => setDialog(null)}
          onLocation={() => setDialog({ kind: 'location', restaurant: dialog.restaurant })}
        />
      )}
      {dialog?.kind === 'location' && (
        <Suspense fallback={null}>
          <StoreLocationDialog
            restaurantId={dialog.restaurant.id}
            businessName={dialog.restaurant.business_name}
            fetchImpl={fetchImpl}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog?.kind === 'delete' && (
        <DeleteAccountDialog
          title={`Excluir ${dialog.restaurant.business_name}`}
          message={MESSAGES.confirmations.deleteRestaurant}
          busy={busyOn(`delete-${dialog.restaurant.id}`)}
          onConfirm={() => void remove(dialog.restaurant)}
          onWrongWord={() => {
            setDialog(null);
            action.setFeedback({ tone: 'danger', text: MESSAGES.deletion.cancelled });
          }}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
