// Stands in for `server-only` outside Next's react-server bundle (unit and HTTP tests, scripts).
export {};
