export interface RouteAnswer {
  resource: number;
  action: number;
  id?: string;
}
