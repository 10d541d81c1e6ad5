/** pt-BR texts of issue 23 ("Shifts that happen"): the `MESSAGES.shiftRelease` group (see messages.ts). */
export const shiftRelease = {
  // The business cancels the allocated freelancer.
  cancelFreelancer: 'Cancelar freelancer',
  cancelDialogTitle: (name: string) => `Cancelar ${name}`,
  reasonLabel: 'Motivo (opcional)',
  reopenChoice: 'Reabrir a vaga',
  reopenHint: 'A vaga volta para a lista e outros freelancers podem se candidatar.',
  cancelJobChoice: 'Cancelar a vaga',
  cancelJobHint: 'A vaga é encerrada e não recebe mais candidaturas.',
  afterCancelLegend: 'Depois de cancelar',
  lateCancelWarning: (fee: string) =>
    `Faltam menos de 12 horas para o turno: o cancelamento gera uma taxa de ${fee} (4 horas de trabalho), cobrada na sua fatura e paga ao freelancer.`,
  noFeeNote: 'Faltam mais de 12 horas para o turno: o cancelamento não tem custo.',
  confirmCancel: 'Confirmar cancelamento',
  keepFreelancer: 'Manter freelancer',
  cancelledReopened: 'Freelancer cancelado. A vaga foi reaberta.',
  cancelledJobCancelled: 'Freelancer cancelado e vaga encerrada.',
  cancelledWithFee: (fee: string) => ` Taxa de cancelamento tardio: ${fee}.`,
  cancelFailed: 'Não foi possível cancelar o freelancer.',
  // Reported no-show.
  noShow: 'Não compareceu',
  noShowTitle: 'Registrar não comparecimento',
  noShowConfirm: (name: string) =>
    `Confirmar que ${name} não compareceu? O turno é liberado e o freelancer recebe uma ocorrência.`,
  noShowRegister: 'Registrar',
  noShowRecorded: 'Não comparecimento registrado. O turno foi liberado.',
  noShowFailed: 'Não foi possível registrar o não comparecimento.',
  noShowTooEarly: 'O não comparecimento só pode ser registrado 10 minutos depois do início do turno.',
  // Contact.
  call: 'Ligar',
  whatsApp: 'WhatsApp',
  moreActions: 'Mais ações',
  // Conflicts (409) of the services.
  notCancellable: 'Este turno não pode mais ser cancelado: o check-in já foi feito ou ele foi concluído.',
  alreadyReleased: 'Este turno já foi liberado.',
  reopenAfterStart: 'O turno já começou: não é possível reabrir a vaga. Escolha "Cancelar a vaga".',
  reasonTooLong: (max: number) => `O motivo pode ter no máximo ${max} caracteres.`,
  // The freelancer cancels an accepted shift.
  cancelShift: 'Cancelar turno',
  cancelShiftTitle: 'Cancelar turno',
  cancelShiftLateWarning:
    'Cancelar agora gera uma ocorrência no seu histórico: faltam menos de 12 horas para o turno. Três ocorrências em 90 dias suspendem novas candidaturas por 30 dias.',
  cancelShiftNoStrike: 'Faltam mais de 12 horas para o turno: cancelar agora não gera ocorrência.',
  cancelShiftConfirm: 'Cancelar turno',
  keepShift: 'Manter turno',
  shiftCancelled: 'Turno cancelado.',
  shiftCancelledWithStrike: 'Turno cancelado. Uma ocorrência foi registrada no seu histórico.',
  cancelShiftFailed: 'Não foi possível cancelar o turno.',
  // Lines and payouts.
  invoiceLineName: (freelancer: string) => `Cancelamento tardio — ${freelancer}`,
  payoutLabel: 'Cancelamento tardio',
} as const;
