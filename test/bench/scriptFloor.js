// The script floor's whole bundle (scriptFloorWebview.html): one element with text, the first contentful paint.
const paragraph = document.createElement("p");
paragraph.textContent = "ACP Panel";
document.body.append(paragraph);
