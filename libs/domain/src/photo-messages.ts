/**
 * The photo upload's texts beyond spec 01 §5's (`MESSAGES.photos`): the server's refusals with
 * their `details` (what to do), the shell's 404, and the uploader's labels. Kept out of `MESSAGES`
 * so that only the code that shows them carries them (the Perfil chunk, the BFFs), not every
 * remote's first screen.
 */
export const PHOTO_MESSAGES = {
  unreadable: 'Não foi possível ler a imagem. Envie uma foto JPG, PNG ou WebP.',
  notMultipart: 'Envie a foto como arquivo no campo "photo".',
  tooManyFiles: 'Envie apenas uma foto.',
  notFound: 'Foto não encontrada',
  notImageDetails:
    'O conteúdo do arquivo não é uma imagem (o nome ou a extensão não bastam). Formatos aceitos: JPG, PNG, WebP e GIF.',
  tooLargeDetails: 'Tamanho máximo: 5 MB. Escolha uma foto menor ou tire outra com resolução menor.',
  tooSmallDetails: 'Tamanho mínimo: 1 KB. Escolha uma foto de verdade, não um ícone.',
  unreadableDetails:
    'O arquivo parece uma imagem, mas está corrompido ou num formato que não conseguimos ler.',
  notMultipartDetails: 'A foto deve ser enviada como multipart/form-data.',
  choose: 'Escolher foto',
  send: 'Enviar foto',
  sending: 'Enviando...',
  previewAlt: 'Pré-visualização da nova foto',
  currentAlt: 'Sua foto de perfil',
  hint: 'JPG, PNG ou WebP, de 1 KB a 5 MB. A foto é reduzida e os dados de localização da câmera são removidos.',
} as const;
