// Names of the drawn pictures that company pages use. The drawings themselves live on the server
// (app/services/media/demo-images.server.ts); content modules only say which one they want.

/** A wide scene for a portfolio carousel (drawn at 1200 × 675). */
export type SceneKind =
  | 'goalpost-field'
  | 'goalpost-socket'
  | 'goalpost-junior'
  | 'hoop-hall'
  | 'hoop-outdoor'
  | 'hoop-adjustable'
  | 'court-before-after'
  | 'court-application'
  | 'court-finished';
