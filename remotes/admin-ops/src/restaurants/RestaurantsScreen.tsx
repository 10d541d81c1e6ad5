import { AdminRestaurantListSchema } from '@turno/contracts';
import { QueryView, useBffQuery } from '@turno/ui';
import { RESTAURANTS_URL } from './restaurants';
import { RestaurantsView } from './RestaurantsView';

export function RestaurantsScreen() {
  const restaurants = useBffQuery(RESTAURANTS_URL, AdminRestaurantListSchema);
  return <QueryView query={restaurants}>{(data) => <RestaurantsView restaurants={data} />}</QueryView>;
}
