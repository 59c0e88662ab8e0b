export declare function themeCss(): string;
export declare const DARK_SELECTOR: string;
export declare function darkThemeCss(): string;
