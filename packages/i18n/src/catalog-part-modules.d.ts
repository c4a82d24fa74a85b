// A catalog's part (load-catalog.ts): the web app's build cuts the JSON module by the query.
declare module '*?part=start' {
  const messages: unknown;
  export default messages;
}
declare module '*?part=rest' {
  const messages: unknown;
  export default messages;
}
declare module '*?part=console' {
  const messages: unknown;
  export default messages;
}
declare module '*?part=explorer' {
  const messages: unknown;
  export default messages;
}
