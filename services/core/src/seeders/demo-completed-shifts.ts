import { addDays, billingWeek, saoPauloDate, saoPauloTime } from '@turno/domain';
import type { CompletedSpec } from './demo-jobs-builder';
import { shiftOn } from './demo-shifts';

/** Completed shifts of the last weeks (billed) and of the current week up to now (not billed yet). */
export function completedShiftPlan(now: Date): CompletedSpec[] {
  const today = saoPauloDate(now);
  const day = (weekOffset: number, weekday: number) =>
    addDays(billingWeek(now, weekOffset).weekStart, weekday);
  const plan: CompletedSpec[] = [
    {
      restaurant: 'bomPreco',
      freelancer: 'ana',
      position: 'Operador de Caixa',
      shift: shiftOn(day(-1, 0), '08:00', 6),
      byRestaurant: { stars: 5, comment: 'Pontual e muito atenciosa com os clientes.' },
      byFreelancer: { stars: 5, comment: 'Equipe acolhedora, recomendo.' },
    },
    {
      restaurant: 'bomPreco',
      freelancer: 'bruno',
      position: 'Estoquista',
      shift: shiftOn(day(-1, 2), '07:00', 10),
      byRestaurant: { stars: 4, comment: 'Bom ritmo na reposição.' },
    },
    {
      restaurant: 'bomPreco',
      freelancer: 'diego',
      position: 'Aux de Açougueiro',
      shift: shiftOn(day(-1, 4), '14:00', 8.33),
      byRestaurant: { stars: 5 },
      byFreelancer: { stars: 4, comment: 'Muito movimento, mas tudo bem organizado.' },
    },
    {
      restaurant: 'bomPreco',
      freelancer: 'ana',
      position: 'Operador de Caixa',
      shift: shiftOn(day(-1, 5), '18:00', 6),
    },
    {
      restaurant: 'bomPreco',
      freelancer: 'eduarda',
      position: 'Empacotador/Embalador',
      shift: shiftOn(day(-2, 1), '08:00', 6),
      byRestaurant: { stars: 5 },
    },
    {
      restaurant: 'bomPreco',
      freelancer: 'ana',
      position: 'Atendentes de Loja',
      shift: shiftOn(day(-2, 3), '09:00', 8.33),
      byRestaurant: { stars: 4 },
      byFreelancer: { stars: 5 },
    },
    {
      restaurant: 'hortifruti',
      freelancer: 'carla',
      position: 'Atendentes de Loja',
      shift: shiftOn(day(-1, 1), '07:00', 6),
      byRestaurant: { stars: 5, comment: 'Ótima com os clientes.' },
    },
    {
      restaurant: 'hortifruti',
      freelancer: 'eduarda',
      position: 'Empacotador/Embalador',
      shift: shiftOn(day(-1, 3), '06:00', 10),
      byFreelancer: { stars: 3, comment: 'Faltou orientação no início do turno.' },
    },
    {
      restaurant: 'padaria',
      freelancer: 'carla',
      position: 'Aux de Padaria',
      shift: shiftOn(day(-1, 6), '05:00', 6),
      byRestaurant: { stars: 4 },
    },
    {
      restaurant: 'padaria',
      freelancer: 'bruno',
      position: 'Aux de Padaria',
      shift: shiftOn(day(-3, 2), '05:00', 8.33),
    },
  ];
  // This week before today: at most the two latest days (none on a Monday).
  const earlierThisWeek: string[] = [];
  for (let date = billingWeek(now).weekStart; date < today; date = addDays(date, 1))
    earlierThisWeek.push(date);
  const [second, first] = earlierThisWeek.slice(-2).reverse();
  if (first)
    plan.push({
      restaurant: 'bomPreco',
      freelancer: 'bruno',
      position: 'Operador de Caixa',
      shift: shiftOn(first, '08:00', 6),
    });
  if (second)
    plan.push({
      restaurant: 'bomPreco',
      freelancer: 'diego',
      position: 'Estoquista',
      shift: shiftOn(second, '12:00', 8.33),
    });
  // Today's morning shift, once it is over.
  if (saoPauloTime(now) >= '16:00') {
    plan.push({
      restaurant: 'bomPreco',
      freelancer: 'bruno',
      position: 'Ajudante de Limpeza',
      shift: shiftOn(today, '07:00', 6),
    });
  }
  return plan;
}
