/** pt-BR texts of issue 23 ("Shifts that happen"): the `MESSAGES.presence` group (see messages.ts). */
import { formatDistance } from './presence';

export const presence = {
  // The freelancer's check-in and check-out
  checkInButton: 'Fazer check-in',
  checkOutButton: 'Fazer check-out',
  locating: 'Obtendo sua localização...',
  checkedInByLocation: 'Check-in feito! Você está no estabelecimento.',
  checkedInByCode: 'Check-in feito com o código de presença!',
  checkedOutByLocation: 'Check-out feito! Turno concluído.',
  checkedOutByCode: 'Check-out feito com o código de presença! Turno concluído.',
  outsideGeofence: (distanceM: number, radiusM: number) =>
    `Você está a ${formatDistance(distanceM)} do estabelecimento; o check-in por localização vale até ${formatDistance(radiusM)}. Use o código de presença mostrado pelo estabelecimento.`,
  storeWithoutLocation:
    'A localização deste estabelecimento ainda não foi confirmada. Use o código de presença mostrado pelo estabelecimento.',
  permissionDenied:
    'Permita a localização no navegador para fazer check-in por GPS, ou use o código de presença mostrado pelo estabelecimento.',
  positionUnavailable:
    'Não foi possível obter sua localização. Use o código de presença mostrado pelo estabelecimento.',
  geolocationUnsupported:
    'Este navegador não informa a localização. Use o código de presença mostrado pelo estabelecimento.',
  useCodeTitle: 'Código de presença',
  codeLabel: 'Código de 6 dígitos',
  codeHint: 'Peça ao estabelecimento o código mostrado no painel "Código de presença".',
  confirmCode: 'Confirmar código',
  scanQr: 'Ler QR code',
  scanning: 'Aponte a câmera para o QR code do estabelecimento.',
  cameraUnavailable: 'Não foi possível usar a câmera. Digite o código.',
  requestApproval: 'Pedir aprovação ao gerente',
  cancel: 'Cancelar',
  close: 'Fechar',
  // Refusals (services/core)
  codeInvalid:
    'Código de presença inválido ou expirado. Confira o código atual no painel do estabelecimento.',
  codeFormat: 'Informe o código de presença de 6 dígitos.',
  codeAlreadyUsed:
    'Este código já foi usado para outro turno. Aguarde o próximo código (muda a cada 30 segundos).',
  positionOrCodeRequired: 'Envie sua localização ou o código de presença.',
  positionInvalid: 'Localização inválida.',
  // The business's panel
  panelButton: 'Código de presença',
  panelTitle: 'Código de presença',
  panelHelp:
    'Mostre este código ao freelancer na chegada e na saída: ele digita o código (ou lê o QR code) no app para fazer check-in ou check-out.',
  qrAlt: (code: string) => `QR code do código de presença ${code}`,
  secondsLeft: (seconds: number) => `Novo código em ${seconds} s`,
  panelLoadFailed: 'Não foi possível carregar o código de presença.',
  // The admin's location of a store (Mercados)
  locationButton: 'Localização',
  locationTitle: 'Localização do mercado',
  latitude: 'Latitude',
  longitude: 'Longitude',
  radius: 'Raio do check-in (m)',
  radiusHint: (defaultRadius: number) => `Vazio = padrão de ${defaultRadius} m.`,
  geocode: 'Buscar pelo endereço',
  save: 'Salvar localização',
  reason: 'Motivo da correção',
  geocodeStatus: {
    found: 'Encontrada pelo endereço',
    not_found: 'Endereço não encontrado: informe as coordenadas',
    ambiguous: 'Endereço ambíguo (mais de um resultado): informe as coordenadas',
    failed: 'Serviço de endereços indisponível: tente novamente mais tarde',
    manual: 'Informada pelo admin',
    none: 'Ainda não localizada',
  },
  geocodeFound: 'Localização encontrada pelo endereço.',
  geocodeNotFound: 'Endereço não encontrado. Informe as coordenadas manualmente.',
  geocodeAmbiguous: 'O endereço corresponde a mais de um lugar. Informe as coordenadas manualmente.',
  geocodeFailed: 'O serviço de endereços não respondeu. Tente novamente mais tarde.',
  geocodeNoAddress: 'Este mercado não tem endereço cadastrado.',
  locationSaved: 'Localização salva.',
  latitudeRange: 'Latitude deve estar entre -90 e 90.',
  longitudeRange: 'Longitude deve estar entre -180 e 180.',
  radiusRange: (min: number, max: number) => `O raio deve estar entre ${min} e ${max} m.`,
  coordinatesTogether: 'Informe latitude e longitude juntas.',
} as const;
