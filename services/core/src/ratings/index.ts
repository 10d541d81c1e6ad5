/** Ratings between a business and a freelancer after a completed shift. */
export { Rating } from '../model/rating.entity';
export * from './ratings.service';
